import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type DeleteAccountInput, deleteAccountSchema, emailMatches } from "#shared/account-schemas";
import { FormInput } from "../../components/form-input";
import { SettingsSection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogActions } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { formDialogOpenChange } from "../../lib/form-dialog";
import { submitHandler } from "../../lib/show-form-error";
import { useFinishSignOut } from "../../lib/use-session";
import { deleteAccount, EXPORT_URL } from "./settings-api";

export function YourDataSection({ email }: { email: string }) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description="Everything you tell your directors belongs to you."
      tone="danger"
    >
      <div className="grid gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-base font-semibold text-slate-900">Export my data</h3>
            <p className="mt-1 text-sm text-slate-600">
              One JSON file with your account, plan, business profile, training answers, business context, what your
              directors remember and every conversation.
            </p>
          </div>
          <Button asChild variant="secondary" className="shrink-0">
            <a href={EXPORT_URL} download>
              Export my data
            </a>
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-base font-semibold text-slate-900">Delete my account</h3>
            <p className="mt-1 text-sm text-slate-600">
              Removes your account and everything stored with it, for good. Export your data first if you want a copy.
            </p>
          </div>
          <Button variant="destructive" className="shrink-0" onClick={() => setDeleteOpen(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog email={email} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </SettingsSection>
  );
}

function DeleteAccountDialog(props: { email: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const finishSignOut = useFinishSignOut();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { email: "" },
  });
  const { isSubmitting } = form.formState;
  const typed = form.watch("email");
  const confirmed = emailMatches(typed, props.email);

  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={formDialogOpenChange(form, props.onOpenChange)}
      title="Delete your account?"
      description={
        <>
          <p>
            This permanently deletes your account, your plan, your business profile, every director's training, what
            your directors remember and all of your conversations. You will be signed out on every device.
          </p>
          <p className="font-medium text-slate-800">This cannot be undone.</p>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={submitHandler(form, async (values) => {
          await deleteAccount(values);
          props.onOpenChange(false);
          await finishSignOut("/");
          toast({ title: "Account deleted", description: "Your account and all of its data have been removed." });
        })}
      >
        <FormInput
          form={form}
          name="email"
          id="delete-email"
          label={
            <>
              Type <span className="font-semibold wrap-anywhere">{props.email}</span> to confirm
            </>
          }
          type="email"
          autoComplete="off"
          spellCheck={false}
        />
        <DialogActions busy={isSubmitting}>
          <Button type="submit" variant="destructive" disabled={!confirmed || isSubmitting}>
            {isSubmitting ? "Deleting..." : "Delete my account"}
          </Button>
        </DialogActions>
      </form>
    </ConfirmDialog>
  );
}

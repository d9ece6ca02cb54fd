import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { type ConfirmWithPasswordInput, confirmWithPasswordSchema } from "#shared/account-schemas";
import { FormInput } from "../../components/form-input";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogActions } from "../../components/ui/confirm-dialog";
import { formDialogOpenChange } from "../../lib/form-dialog";
import { submitHandler } from "../../lib/show-form-error";

/** A dialog that asks for the account's password before a change to how the owner signs in. */
export function PasswordDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onSubmit: (input: ConfirmWithPasswordInput) => Promise<void>;
}) {
  const form = useForm<ConfirmWithPasswordInput>({
    resolver: zodResolver(confirmWithPasswordSchema),
    defaultValues: { password: "" },
  });
  const { isSubmitting } = form.formState;
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={formDialogOpenChange(form, props.onOpenChange)}
      title={props.title}
      description={props.description}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={submitHandler(form, async (values) => {
          await props.onSubmit(values);
          form.reset();
        })}
      >
        <FormInput
          form={form}
          name="password"
          id="confirm-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
        />
        <DialogActions busy={isSubmitting}>
          <Button type="submit" variant={props.destructive ? "destructive" : "primary"} disabled={isSubmitting}>
            {isSubmitting ? props.pendingLabel : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </ConfirmDialog>
  );
}

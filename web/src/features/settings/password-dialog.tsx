import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { type ConfirmWithPasswordInput, confirmWithPasswordSchema } from "#shared/account-schemas";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogClose } from "../../components/ui/confirm-dialog";
import { Field, Input } from "../../components/ui/field";
import { showFormError } from "../../lib/show-form-error";

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
  const { errors, isSubmitting } = form.formState;
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={(open) => {
        if (isSubmitting) return;
        if (!open) form.reset();
        props.onOpenChange(open);
      }}
      title={props.title}
      description={props.description}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(async (values) => {
          try {
            await props.onSubmit(values);
            form.reset();
          } catch (error) {
            showFormError(form, error);
          }
        })}
      >
        <Field id="confirm-password" label="Your password" error={errors.password?.message}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? "confirm-password-error" : undefined}
            {...form.register("password")}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={isSubmitting}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant={props.destructive ? "destructive" : "primary"} disabled={isSubmitting}>
            {isSubmitting ? props.pendingLabel : props.submitLabel}
          </Button>
        </div>
      </form>
    </ConfirmDialog>
  );
}

import type { FieldValues, UseFormReturn } from "react-hook-form";

/** A form dialog's onOpenChange: it stays open while the form is being sent, and what was typed goes when it closes. */
export function formDialogOpenChange<T extends FieldValues>(
  form: UseFormReturn<T>,
  onOpenChange: (open: boolean) => void,
) {
  return (open: boolean) => {
    if (form.formState.isSubmitting) return;
    if (!open) form.reset();
    onOpenChange(open);
  };
}

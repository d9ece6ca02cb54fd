import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { errorToast } from "../components/ui/use-toast";
import { ApiError } from "./api";

/** Server-side field errors go under their fields; anything else becomes an "Error" toast. */
export function showFormError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    for (const [name, message] of Object.entries(error.fields)) {
      form.setError(name as Path<T>, { type: "server", message }, { shouldFocus: true });
    }
    return;
  }
  errorToast(error instanceof Error ? error.message : "Something went wrong. Please try again.");
}

/** The form's submit handler: `action` runs with the checked values, and a refusal is shown by showFormError. */
export function submitHandler<T extends FieldValues>(form: UseFormReturn<T>, action: (values: T) => Promise<void>) {
  return form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      showFormError(form, error);
    }
  });
}

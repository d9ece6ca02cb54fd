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

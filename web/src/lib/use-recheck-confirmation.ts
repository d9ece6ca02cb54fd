import { useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * Checks a "confirm password" field again when the password it must match
 * changes after the confirmation was filled in, so a stale "do not match"
 * message goes away (or a new one appears) as the owner types.
 */
export function useRecheckConfirmation<T extends FieldValues>(
  form: UseFormReturn<T>,
  password: Path<T>,
  confirmation: Path<T>,
) {
  const typed = form.watch(password);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the password changes
  useEffect(() => {
    if (form.getFieldState(confirmation).isTouched) void form.trigger(confirmation);
  }, [typed, form, confirmation]);
}

import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field, Input } from "./ui/field";

/**
 * One field of a react-hook-form form: its label, the input registered under
 * `name`, and the field's error under it, announced with the input.
 */
export function FormInput<T extends FieldValues>({
  form,
  name,
  id,
  label,
  ...inputProps
}: { form: UseFormReturn<T>; name: Path<T>; id: string; label: ReactNode } & Omit<
  ComponentProps<"input">,
  "form" | "id" | "name" | "aria-invalid" | "aria-describedby"
>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
        {...form.register(name)}
      />
    </Field>
  );
}

import type { ComponentProps, ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Field, Input } from "./ui/field";

type InputProps = Omit<ComponentProps<"input">, "form" | "id" | "name" | "aria-invalid" | "aria-describedby">;

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
}: { form: UseFormReturn<T>; name: Path<T>; id: string; label: ReactNode } & InputProps) {
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

/** A form's run of fields, one FormInput each, in order; each field's id is `${idPrefix}-${name}`. */
export function FormInputs<T extends FieldValues>(props: {
  form: UseFormReturn<T>;
  idPrefix: string;
  fields: readonly ({ name: Path<T>; label: string } & InputProps)[];
}) {
  return (
    <>
      {props.fields.map(({ name, label, ...inputProps }) => (
        <FormInput
          key={name}
          form={props.form}
          name={name}
          id={`${props.idPrefix}-${name}`}
          label={label}
          {...inputProps}
        />
      ))}
    </>
  );
}

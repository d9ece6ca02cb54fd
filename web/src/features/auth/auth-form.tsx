import type { MouseEvent, ReactNode } from "react";
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { submitHandler } from "../../lib/show-form-error";

/**
 * An auth page's form: fields are checked on blur, then again as the owner
 * types into one that has a message.
 */
export function useAuthForm<T extends FieldValues>(resolver: Resolver<T>, defaultValues: DefaultValues<T>) {
  return useForm<T>({ resolver, mode: "onBlur", reValidateMode: "onChange", defaultValues });
}

/**
 * Fields are checked on blur. Pressing the submit button would blur the last
 * field first, and a message appearing then would move the button away from
 * under the pointer; keeping focus where it is lets the click land.
 */
function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

/**
 * An auth page's form: its fields, then the wide submit button, which shows `busyLabel` while `action` runs; a
 * refusal goes under its fields or into a toast. `footer` stands under the button.
 */
export function AuthForm<T extends FieldValues>(props: {
  form: UseFormReturn<T>;
  action: (values: T) => Promise<void>;
  submitLabel: string;
  busyLabel: string;
  className?: string;
  buttonClassName?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { isSubmitting } = props.form.formState;
  return (
    <form noValidate className={cn("grid gap-4", props.className)} onSubmit={submitHandler(props.form, props.action)}>
      {props.children}
      <Button
        type="submit"
        size="lg"
        disabled={isSubmitting}
        className={cn("w-full", props.buttonClassName)}
        onMouseDown={keepFocus}
      >
        {isSubmitting ? props.busyLabel : props.submitLabel}
      </Button>
      {props.footer}
    </form>
  );
}

import type { MouseEvent } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";

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
export function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

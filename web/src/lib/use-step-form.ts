import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from "react-hook-form";
import type { FieldErrors } from "#shared/errors";
import type { StepDraft } from "./step-draft";

type DraftStore<Values extends Record<string, string>> = {
  load(): StepDraft<Values> | undefined;
  save(draft: StepDraft<Values>): void;
};

/**
 * A form that asks one field per step (onboarding, training): the current
 * step, a local draft saved on every keystroke and on every move, focus on the
 * step's answer (on arrival and after every move), Next that checks only the
 * current field, Ctrl/Cmd+Enter as Next from a text area (Enter in a one-line
 * field submits the form by itself), and server field errors shown on the step
 * they belong to.
 */
export function useStepForm<Values extends Record<string, string> & FieldValues>(options: {
  fieldNames: readonly string[];
  draft: DraftStore<Values>;
  /** The values to start from when there is no draft. */
  startValues: () => Values;
  resolver: Resolver<Values>;
}) {
  const { fieldNames, draft } = options;
  // A local draft is newer than anything stored.
  const [initial] = useState(() => draft.load() ?? { step: 1, values: options.startValues() });
  const [step, setStep] = useState(initial.step);
  const stepRef = useRef(initial.step);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    resolver: options.resolver,
    defaultValues: initial.values as DefaultValues<Values>,
  });
  const name = (fieldNames[step - 1] ?? fieldNames[0] ?? "") as Path<Values>;
  const isLast = step === fieldNames.length;

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => draft.save({ step: stepRef.current, values: values as Values }),
      }),
    [form, draft],
  );

  // The cursor is in the answer: on arrival and after every move to another step.
  useEffect(() => {
    form.setFocus(name);
  }, [form, name]);

  function goTo(next: number) {
    stepRef.current = next;
    setStep(next);
    draft.save({ step: next, values: form.getValues() });
  }

  /** Field errors go under their answers, and the form moves to the first step that has one. */
  function showFieldErrors(fields: FieldErrors): boolean {
    const failed = fieldNames.filter((field) => fields[field]);
    for (const field of failed) form.setError(field as Path<Values>, { type: "server", message: fields[field] });
    const first = failed[0];
    if (!first) return false;
    goTo(fieldNames.indexOf(first) + 1);
    return true;
  }

  /** Next: checks this step's field, then moves on, or on the last step calls `complete`. */
  function nextHandler(complete: () => Promise<void>) {
    return async (event: { preventDefault(): void }) => {
      event.preventDefault();
      if (submitting) return;
      if (!(await form.trigger(name, { shouldFocus: true }))) return;
      if (isLast) await complete();
      else goTo(step + 1);
    };
  }

  /** In a text area Enter writes a new line; Ctrl+Enter (⌘+Enter on a Mac) moves on. */
  function onTextareaKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const control = form.register(name, {
    // Once a message shows, it goes away as soon as the answer is good enough.
    onChange: () => {
      if (form.getFieldState(name).error) void form.trigger(name);
    },
  });

  /** Spoken words join the current answer, to be read and corrected like typed ones. */
  function addSpoken(text: string) {
    const current = String(form.getValues(name) ?? "").trim();
    form.setValue(name, (current ? `${current} ${text}` : text) as PathValue<Values, Path<Values>>, {
      shouldDirty: true,
      shouldValidate: Boolean(form.getFieldState(name).error),
    });
    form.setFocus(name);
  }

  return {
    form,
    step,
    name,
    addSpoken,
    isLast,
    error: form.formState.errors[name]?.message as string | undefined,
    control,
    submitting,
    setSubmitting,
    goTo,
    showFieldErrors,
    nextHandler,
    onTextareaKeyDown,
  };
}

import { type FormEvent, type ReactNode, useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { FieldErrors } from "#shared/errors";
import { cn } from "../lib/cn";
import { Button } from "./ui/button";
import { Field, Input, Textarea } from "./ui/field";
import { Icon } from "./ui/icon";
import { checkIcon } from "./ui/page-icons";
import { SavedOnDeviceNote } from "./ui/step-footer";

/** Under an answer: where its draft came from, or that the owner still has to write it. */
export type ReviewNote = { tone: "source" | "todo"; text: string };

export type ReviewItem<Values extends FieldValues> = {
  name: Path<Values>;
  label: ReactNode;
  input: "line" | "text";
  placeholder?: string;
  note: ReviewNote | undefined;
};

/**
 * Drafted answers on one page (the website's onboarding draft, a director's
 * drafted training): every answer editable, each with where it came from, one
 * "Accept all", and a way back to the one-question-per-step form.
 */
export function AnswersReview<Values extends FieldValues>(props: {
  form: UseFormReturn<Values>;
  idPrefix: string;
  heading: string;
  summary: ReactNode;
  items: ReviewItem<Values>[];
  submitting: boolean;
  onAccept: () => void;
  onStepByStep: () => void;
}) {
  const { form, idPrefix } = props;
  const errors = form.formState.errors;
  const first = props.items[0]?.name;

  // The cursor starts in the first answer, as on the steps.
  useEffect(() => {
    if (first) form.setFocus(first);
  }, [form, first]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!props.submitting) props.onAccept();
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-review-heading`}>
      <h2 id={`${idPrefix}-review-heading`} className="text-lg font-semibold text-slate-900">
        {props.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{props.summary}</p>
      <ol className="mt-5 space-y-6">
        {props.items.map((item, index) => {
          const id = `${idPrefix}-${item.name}`;
          const error = errors[item.name]?.message as string | undefined;
          const describedBy = [item.note ? `${id}-note` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
          const control = {
            id,
            placeholder: item.placeholder,
            "aria-invalid": Boolean(error),
            "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
            ...form.register(item.name, {
              onChange: () => {
                if (form.getFieldState(item.name).error) void form.trigger(item.name);
              },
            }),
          };
          return (
            <li key={item.name} className="min-w-0">
              <Field
                id={id}
                label={
                  <span className="text-base leading-snug font-semibold text-slate-900">
                    <span className="text-slate-500">{index + 1}. </span>
                    {item.label}
                  </span>
                }
                error={error}
              >
                {item.input === "line" ? (
                  <Input type="text" autoComplete="off" {...control} />
                ) : (
                  <Textarea rows={3} {...control} />
                )}
              </Field>
              {item.note ? <NoteLine id={`${id}-note`} note={item.note} /> : null}
            </li>
          );
        })}
      </ol>
      <div
        data-testid="review-actions"
        className="sticky bottom-0 z-10 -mx-5 mt-6 flex items-center justify-between gap-3 border-t border-slate-100 bg-white px-5 py-3 sm:-mx-8 sm:px-8 sm:py-4"
      >
        <Button
          type="button"
          variant="ghost"
          className="-ml-2 px-2 sm:ml-0 sm:px-4"
          disabled={props.submitting}
          onClick={props.onStepByStep}
        >
          Step by step
        </Button>
        <Button type="submit" size="lg" disabled={props.submitting} className="shrink-0 sm:min-w-32">
          {props.submitting ? "Processing..." : "Accept all"}
        </Button>
      </div>
      <SavedOnDeviceNote />
    </form>
  );
}

function NoteLine({ id, note }: { id: string; note: ReviewNote }) {
  return (
    <p
      id={id}
      className={cn(
        "mt-1.5 flex items-start gap-1.5 text-sm",
        note.tone === "source" ? "text-slate-600" : "font-medium text-amber-800",
      )}
    >
      {note.tone === "source" ? <Icon drawing={checkIcon} className="mt-0.5 h-4 w-4 flex-none text-brand-700" /> : null}
      <span className="min-w-0 wrap-anywhere">{note.text}</span>
    </p>
  );
}

/** Field errors under their answers on the review page, the cursor in the first; false when none is on the page. */
export function showReviewErrors<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  names: readonly Path<Values>[],
  fields: FieldErrors,
): boolean {
  const failed = names.filter((name) => fields[name]);
  for (const name of failed) form.setError(name, { type: "server", message: fields[name] });
  const first = failed[0];
  if (first) form.setFocus(first);
  return first !== undefined;
}

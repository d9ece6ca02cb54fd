import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Director } from "#shared/directors";
import { keyFactAnswerSchema } from "#shared/memory";
import { Button } from "../../components/ui/button";
import { ErrorLine, Input } from "../../components/ui/field";
import { submitHandler } from "../../lib/show-form-error";
import { useBusyAction } from "../../lib/use-busy-action";
import { answerKeyFact, notNow, refreshKnowledge } from "./memory-api";

const answerFormSchema = z.object({ answer: keyFactAnswerSchema.shape.answer });
type AnswerForm = z.input<typeof answerFormSchema>;

export type AskedKeyFact = { keyFact: string; label: string; question: string; placeholder: string };

/**
 * A director asking for one key fact in a single field: type, Enter, done.
 * The answer is remembered at once and used from the next answer on. Under an
 * answer it also offers "Not now", which hides the ask for a week.
 */
export function FactAsk(props: {
  director: Director;
  ask: AskedKeyFact;
  /** The answer the ask is shown under. */
  messageId?: string;
  /** Offers "Not now" (under an answer), which hides the ask for a week. */
  onPostponed?: () => void;
  onAnswered?: () => void;
}) {
  const { director, ask } = props;
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | undefined>();
  const [postponing, postpone] = useBusyAction();
  const id = useId();
  const form = useForm<AnswerForm>({ resolver: zodResolver(answerFormSchema), defaultValues: { answer: "" } });
  const { errors, isSubmitting } = form.formState;

  if (saved) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        Thanks. {director.name} will use “{saved}” from the next answer on.
      </p>
    );
  }

  return (
    <form
      noValidate
      aria-label={`${director.name} asks: ${ask.question}`}
      className="grid gap-2 rounded-xl border border-brand-200 bg-brand-50/60 p-3"
      onSubmit={submitHandler(form, async ({ answer }) => {
        await answerKeyFact({ keyFact: ask.keyFact, answer, messageId: props.messageId });
        setSaved(answer.trim());
        await refreshKnowledge(queryClient);
        props.onAnswered?.();
      })}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {ask.question}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          autoComplete="off"
          placeholder={ask.placeholder}
          aria-invalid={Boolean(errors.answer)}
          aria-describedby={errors.answer ? `${id}-error` : undefined}
          className="min-w-0 flex-1"
          {...form.register("answer")}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" className="h-10 flex-1 sm:flex-none" disabled={isSubmitting}>
            {isSubmitting ? "Saving..." : "Save"}
          </Button>
          {props.onPostponed ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="h-10 flex-1 sm:flex-none"
              disabled={isSubmitting || postponing}
              onClick={() =>
                postpone(async () => {
                  await notNow(ask.keyFact);
                  props.onPostponed?.();
                })
              }
            >
              Not now
            </Button>
          ) : null}
        </div>
      </div>
      <ErrorLine id={`${id}-error`} message={errors.answer?.message} />
    </form>
  );
}

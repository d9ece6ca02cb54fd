import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Director } from "#shared/directors";
import { type TrainingAnswers, type TrainingQuestion, trainingSchema } from "#shared/training";
import { InlineFormActions } from "../../components/inline-form-actions";
import { Field, Textarea } from "../../components/ui/field";
import { errorToast, toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { submitTraining, trainingQueryKey } from "../training/training-api";
import { refreshKnowledge } from "./memory-api";

/**
 * One training answer, edited where it is shown: training's own rule, saved
 * as training again with the other nine answers as they are (the server
 * rebuilds the director's context). Escape or Cancel leaves it as it was.
 */
export function TrainingAnswerForm(props: {
  director: Director;
  question: TrainingQuestion;
  answers: TrainingAnswers;
  onDone: () => void;
}) {
  const { director, question } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () => z.object({ value: trainingSchema(director.id).shape[question.name] ?? z.string() }),
    [director.id, question.name],
  );
  const form = useForm<{ value: string }>({
    resolver: zodResolver(schema),
    defaultValues: { value: props.answers[question.name] ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-3"
      onKeyDown={(event) => {
        if (event.key === "Escape") props.onDone();
      }}
      onSubmit={form.handleSubmit(async ({ value }) => {
        try {
          await submitTraining(director.id, { ...props.answers, [question.name]: value });
          toast({ title: "Answer saved", description: `${director.name} now works from the new answer.` });
          props.onDone();
        } catch (error) {
          const message = error instanceof ApiError ? error.fields[question.name] : undefined;
          if (message) form.setError("value", { type: "server", message }, { shouldFocus: true });
          else errorToast((error as Error).message);
        } finally {
          await Promise.all([
            refreshKnowledge(queryClient),
            queryClient.invalidateQueries({ queryKey: trainingQueryKey(director.id) }),
          ]);
        }
      })}
    >
      <Field id={id} label={question.question} error={errors.value?.message}>
        <Textarea
          id={id}
          rows={4}
          autoFocus
          aria-invalid={Boolean(errors.value)}
          aria-describedby={errors.value ? `${id}-error` : undefined}
          {...form.register("value")}
        />
      </Field>
      <InlineFormActions submitting={isSubmitting} onCancel={props.onDone} />
    </form>
  );
}

import type { UseFormReturn } from "react-hook-form";
import type { Director } from "#shared/directors";
import type { OnboardingData } from "#shared/onboarding";
import { TRAINING_QUESTIONS, TRAINING_STEPS, type TrainingAnswers, trainingQuestionFor } from "#shared/training";
import { AnswersReview, type ReviewNote } from "../../components/answers-review";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { sparklesIcon } from "../../components/ui/page-icons";
import type { DraftState } from "./use-training-draft";

/** Above the first question: the offer to draft all ten answers from what the owner already gave. */
export function DraftOffer({ state, onDraft }: { state: DraftState; onDraft: () => void }) {
  const drafting = state.phase === "drafting";
  return (
    <section
      aria-labelledby="draft-offer-title"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-brand-200 bg-white p-4 text-sm text-slate-700 sm:mt-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        <Icon drawing={sparklesIcon} className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
        <div className="min-w-0">
          <h2 id="draft-offer-title" className="font-semibold text-slate-900">
            Short on time?
          </h2>
          <p className="mt-0.5">
            We draft the ten answers from what you've already told us. You check them on one page.
          </p>
          {state.phase === "failed" ? (
            <p role="alert" className="mt-2 font-medium text-red-700">
              {state.message}
            </p>
          ) : null}
        </div>
      </div>
      <Button size="sm" className="flex-none self-start sm:self-center" disabled={drafting} onClick={onDraft}>
        {drafting ? "Drafting..." : "Draft my answers"}
      </Button>
    </section>
  );
}

/** The drafted answers on one page, each saying where it came from. */
export function TrainingReview(props: {
  director: Director;
  profile: OnboardingData | null;
  form: UseFormReturn<TrainingAnswers>;
  submitting: boolean;
  noteFor: (name: string, value: string) => ReviewNote | undefined;
  onAccept: () => void;
  onStepByStep: () => void;
}) {
  const { director, form } = props;
  const values = form.watch();
  const questions = TRAINING_QUESTIONS[director.id];
  const answered = questions.filter((question) => (values[question.name] ?? "").trim() !== "").length;
  return (
    <AnswersReview
      form={form}
      idPrefix="training"
      heading={`Check ${director.name}'s answers`}
      summary={`${answered} of ${TRAINING_STEPS} answered from what you've told us. Change anything that's wrong and fill in the rest, then accept.`}
      items={questions.map((question) => ({
        name: question.name,
        label: trainingQuestionFor(question, props.profile).text,
        input: "text" as const,
        note: props.noteFor(question.name, values[question.name] ?? ""),
      }))}
      submitting={props.submitting}
      onAccept={props.onAccept}
      onStepByStep={props.onStepByStep}
    />
  );
}

import type { UseFormReturn } from "react-hook-form";
import type { Director } from "#shared/directors";
import type { OnboardingData } from "#shared/onboarding";
import { TRAINING_QUESTIONS, TRAINING_STEPS, type TrainingAnswers, trainingQuestionFor } from "#shared/training";
import { AnswersReview, type ReviewNote } from "../../components/answers-review";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { sparklesIcon } from "../../components/ui/page-icons";
import type { DraftState } from "./use-training-draft";

/** Under the first question, as onboarding offers the website: drafting all ten answers from what the owner gave. */
export function DraftOffer({ state, onDraft }: { state: DraftState; onDraft: () => void }) {
  const drafting = state.phase === "drafting";
  return (
    <div
      data-testid="draft-offer"
      className="mt-4 rounded-lg border border-dashed border-brand-200 px-3 py-2.5 text-sm"
    >
      <div className="flex items-center gap-3">
        <Icon drawing={sparklesIcon} className="h-4 w-4 flex-none text-brand-700" />
        <p className="min-w-0 flex-1 text-slate-700">
          {drafting ? (
            "Drafting your answers…"
          ) : (
            <>
              <span className="font-medium text-slate-900">Short on time?</span>
              {/* On a phone the question and its answer come first: the button says the rest. */}
              <span className="hidden sm:inline"> We draft all ten from what you've told us, and you check them.</span>
            </>
          )}
        </p>
        <Button size="sm" variant="secondary" className="flex-none" disabled={drafting} onClick={onDraft}>
          Draft my answers
        </Button>
      </div>
      {state.phase === "failed" ? (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {state.message}
        </p>
      ) : null}
    </div>
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

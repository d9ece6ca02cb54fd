import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { DirectorId } from "#shared/directors";
import type { OnboardingData } from "#shared/onboarding";
import { TRAINING_QUESTIONS, type TrainingAnswers, trainingStartAnswers } from "#shared/training";
import { ONBOARDING_SOURCE_LABEL, type TrainingDraft } from "#shared/training-draft";
import type { ReviewNote } from "../../components/answers-review";
import { ApiError } from "../../lib/api";
import { rememberedWebsite } from "../onboarding/onboarding-api";
import { draftTrainingAnswers } from "./training-api";

export type DraftState = { phase: "idle" | "drafting" } | { phase: "failed"; message: string };

const UNANSWERED: ReviewNote = { tone: "todo", text: "Nothing you've told us answers this yet. Please answer it." };

/**
 * "Draft my answers" on the training page: the server drafts the ten answers
 * from what the owner already gave, the drafts fill the answers the owner has
 * not written (what they typed always stays), and each answer notes where it
 * came from for the one-page review.
 */
export function useTrainingDraft(input: {
  userId: string;
  directorId: DirectorId;
  profile: OnboardingData | null;
  form: UseFormReturn<TrainingAnswers>;
  /** Called once the drafts are in the form, so they are kept like typed text. */
  onApplied: () => void;
}) {
  const { directorId, form } = input;
  const [state, setState] = useState<DraftState>({ phase: "idle" });
  const [notes, setNotes] = useState<Record<string, ReviewNote | undefined> | undefined>();

  async function draft() {
    setState({ phase: "drafting" });
    try {
      const result = await draftTrainingAnswers(directorId, { website: rememberedWebsite(input.userId) });
      setNotes(apply(result));
      setState({ phase: "idle" });
      input.onApplied();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : "We couldn't draft your answers. Try again.";
      setState({ phase: "failed", message });
    }
  }

  /** Fills the answers still empty (or still onboarding's starting text) and says where each one came from. */
  function apply(result: TrainingDraft): Record<string, ReviewNote | undefined> {
    const current = form.getValues();
    const start = trainingStartAnswers(directorId, input.profile);
    const next: Record<string, ReviewNote | undefined> = {};
    for (const { name } of TRAINING_QUESTIONS[directorId]) {
      const value = current[name]?.trim() ?? "";
      const untouched = value === "" || value === start[name]?.trim();
      const source = result.sources[name];
      if (untouched && source && result.answers[name]) {
        form.setValue(name, result.answers[name], { shouldDirty: true });
        next[name] = { tone: "source", text: source.label };
      } else if (value !== "" && value === start[name]?.trim()) {
        next[name] = { tone: "source", text: ONBOARDING_SOURCE_LABEL };
      } else {
        next[name] = value === "" ? UNANSWERED : undefined;
      }
    }
    form.clearErrors();
    return next;
  }

  /** An empty answer's note goes once the owner writes one. */
  function noteFor(name: string, value: string): ReviewNote | undefined {
    const note = notes?.[name];
    return note === UNANSWERED && value.trim() !== "" ? undefined : note;
  }

  return { state, draft, reviewing: notes !== undefined, noteFor, stopReviewing: () => setNotes(undefined) };
}

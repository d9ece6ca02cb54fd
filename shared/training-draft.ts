import { z } from "zod";
import type { DirectorId } from "./directors";
import type { TrainingAnswers } from "./training";
import { websiteDraftRequestSchema } from "./website-draft";

/**
 * "Draft my answers": a director's ten training answers drafted from what the
 * owner has already given (onboarding answers, their website, knowledge and
 * remembered facts), each with the source it came from. Nothing is stored: the
 * owner reviews the drafts on one page and completes training as usual.
 */

/** POST /api/training/:directorId/draft: the website onboarding started from, if the browser remembers one. */
export const trainingDraftRequestSchema = z.object({
  website: websiteDraftRequestSchema.shape.url.optional(),
});
export type TrainingDraftRequest = z.input<typeof trainingDraftRequestSchema>;

export type TrainingDraftSourceKind = "onboarding" | "website" | "document" | "fact";

/** Where a drafted answer came from, as the owner reads it ("From your website"). */
export type TrainingDraftSource = { kind: TrainingDraftSourceKind; label: string };

export type TrainingDraft = {
  directorId: DirectorId;
  /** Every answer, "" where nothing the owner gave answers it. */
  answers: TrainingAnswers;
  /** Per answer: where it came from; null for an empty one. */
  sources: Record<string, TrainingDraftSource | null>;
};

export const ONBOARDING_SOURCE_LABEL = "From your onboarding answers";
export const WEBSITE_SOURCE_LABEL = "From your website";
export const FACT_SOURCE_LABEL = "From a fact you asked us to remember";

/** "From Menu and prices.pdf, page 3". */
export function documentSourceLabel(name: string, location: string | null): string {
  return location ? `From ${name}, ${location}` : `From ${name}`;
}

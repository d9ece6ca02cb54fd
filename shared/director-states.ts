import type { Director, DirectorId } from "./directors";
import type { DirectorKnowledge } from "./key-fact-status";
import type { PlanId } from "./plans";
import type { TrainingAnswers } from "./training";

/** The answers of GET /api/directors and of the training API, shared by the server and the browser. */

/**
 * trained: training stored; available: may be trained on this plan; over_limit:
 * offered, but the plan's director count is used up (or no plan yet);
 * unavailable: not offered by this server's configuration (sam and ben by default).
 */
export type DirectorState = "trained" | "available" | "over_limit" | "unavailable";

export type DirectorListItem = Pick<Director, "id" | "name" | "title" | "description" | "icon"> & {
  state: DirectorState;
  /** ISO time the training was stored; null when untrained. */
  trainedAt: string | null;
  /**
   * A trained director's context index: "learning" while a background job
   * builds it (chat already works on the profile and answers), "failed" with
   * the reason when it gave up, "ready" once built; null when untrained or
   * with the context feature off.
   */
  learning: { state: "learning" | "failed" | "ready"; message: string | null } | null;
  /** How many of its key facts it knows, and which; null for a director the owner cannot train or chat with. */
  knowledge: DirectorKnowledge | null;
};

export type DirectorListResponse = {
  directors: DirectorListItem[];
  /** lapsed: a paid plan that ended unpaid or cancelled (billing on), inactive as an ended trial is. */
  plan: { id: PlanId; name: string; directorCount: number; trialEnded: boolean; lapsed?: true } | null;
  /** How many different directors this user has trained. */
  trainedCount: number;
};

/** GET /api/training/:directorId */
export type TrainingStatusResponse = {
  directorId: DirectorId;
  state: DirectorState;
  /** The stored answers, to pre-fill training again; null before the first training. */
  answers: TrainingAnswers | null;
  trainedAt: string | null;
  indexedAt: string | null;
};

/** POST /api/training/:directorId */
export type TrainingResultResponse = {
  directorId: DirectorId;
  trainedAt: string;
  /** Whether the context index is built for these answers (always false with the context feature off). */
  indexed: boolean;
  contextEnabled: boolean;
};

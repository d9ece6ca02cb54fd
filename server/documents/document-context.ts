import { type Director, findDirector } from "../../shared/directors";
import type { BusinessContext } from "../ai/chat-prompt";
import { gatherDirectorContext } from "../ai/director-context";
import { startSearch } from "../ai/retrieval";
import type { AppDeps } from "../deps";
import { requireDirectorAccess, trainedDirectors } from "../directors/director-access";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { requireActivePlan } from "../plans/plan-status";
import { getBusinessProfile } from "../profile/business-profile";
import { readTraining } from "../training/stored-training";

/**
 * Who drafts a document and what they know: the director the owner chose (checked as a chat is: the plan, the
 * director's availability), or for a board document the first trained director's knowledge. The context is the one
 * a chat answer gets (gatherDirectorContext): the same numbered blocks, so a document cites [n] as an answer does.
 */

export type Drafter = { director: Director; boardDocument: boolean };

export async function requireDrafter(deps: AppDeps, userId: string, directorId: string): Promise<Drafter> {
  if (directorId !== "board") {
    const access = await requireDirectorAccess(deps, userId, directorId);
    return { director: access.director, boardDocument: false };
  }
  await requireActivePlan(deps, userId);
  const trained = await trainedDirectors(deps, userId);
  const first = trained
    .sort((a, b) => a.trainedAt.getTime() - b.trainedAt.getTime())
    .map((row) => findDirector(row.directorId))
    .find((director) => director !== undefined);
  if (!first) throw new AppError("board:not_enough_directors");
  return { director: first, boardDocument: true };
}

/** The owner's context for the document's request; none without an AI service or with context switched off. */
export async function documentContext(
  deps: AppDeps,
  input: { userId: string; director: Director; request: string },
  log: Logger,
): Promise<BusinessContext | undefined> {
  if (!deps.env.CONTEXT_ENABLED) return undefined;
  const [profile, training] = await Promise.all([
    getBusinessProfile(deps.db, input.userId),
    readTraining(deps.db, input.userId, input.director.id),
  ]);
  const search = startSearch({ ...deps, log }, { userId: input.userId, question: input.request });
  return gatherDirectorContext(
    deps,
    { userId: input.userId, director: input.director, profile, trainingAnswers: training?.answers, search },
    log,
  );
}

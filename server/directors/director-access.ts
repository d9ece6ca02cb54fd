import { eq } from "drizzle-orm";
import type { DirectorState } from "../../shared/director-states";
import { DIRECTORS, type Director, type DirectorId, findDirector } from "../../shared/directors";
import { canTrainDirector } from "../../shared/plans";
import { directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import type { Env } from "../env";
import { AppError } from "../http/app-error";
import { type PlanStatus, requireActivePlan } from "../plans/plan-status";

export type { DirectorState };

export type DirectorStatus = { director: Director; state: DirectorState; trainedAt: Date | null };

export async function trainedDirectors(
  deps: Pick<AppDeps, "db">,
  userId: string,
): Promise<Array<{ directorId: string; trainedAt: Date }>> {
  return deps.db
    .select({ directorId: directorTrainings.directorId, trainedAt: directorTrainings.trainedAt })
    .from(directorTrainings)
    .where(eq(directorTrainings.userId, userId));
}

/** Every director's state for this user, given their plan (undefined before a plan is chosen). */
export async function directorStatuses(
  deps: Pick<AppDeps, "db" | "env">,
  userId: string,
  planStatus: PlanStatus | undefined,
): Promise<DirectorStatus[]> {
  return statusesOf(deps.env, await trainedDirectors(deps, userId), planStatus);
}

/** The rule behind directorStatuses, on the trained directors already read. */
export function statusesOf(
  env: Pick<Env, "AVAILABLE_DIRECTORS">,
  trained: Array<{ directorId: string; trainedAt: Date }>,
  planStatus: PlanStatus | undefined,
): DirectorStatus[] {
  const trainedIds = trained.map((row) => row.directorId);
  return DIRECTORS.map((director) => {
    const trainedAt = trained.find((row) => row.directorId === director.id)?.trainedAt ?? null;
    let state: DirectorState;
    if (!env.AVAILABLE_DIRECTORS.includes(director.id)) state = trainedAt ? "trained" : "unavailable";
    else if (trainedAt) state = resting(planStatus, trainedIds, director.id) ? "over_limit" : "trained";
    else if (planStatus && canTrainDirector(planStatus.plan, trainedIds, director.id)) state = "available";
    else state = "over_limit";
    return { director, state, trainedAt };
  });
}

/**
 * After a move to a smaller plan, the trained directors beyond its count other than the one the owner kept: they
 * rest (no training, no chat) with everything they learned kept, and come back on an upgrade.
 */
function resting(planStatus: PlanStatus | undefined, trainedIds: string[], directorId: string): boolean {
  if (!planStatus?.keptDirectorId || trainedIds.length <= planStatus.plan.directorCount) return false;
  return directorId !== planStatus.keptDirectorId;
}

export type DirectorAccess = { director: Director & { id: DirectorId }; planStatus: PlanStatus; state: DirectorState };

/**
 * The server's rule for training or chatting with a director: it exists, this
 * server offers it, the plan is active and its director count allows it.
 */
export async function requireDirectorAccess(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  userId: string,
  directorId: string,
): Promise<DirectorAccess> {
  const director = requireDirector(directorId);
  const planStatus = await requireActivePlan(deps, userId);
  return directorAccessOf(deps.env, director, planStatus, await trainedDirectors(deps, userId));
}

/** A director of the catalogue, or 404. */
export function requireDirector(directorId: string): Director & { id: DirectorId } {
  const director = findDirector(directorId);
  if (!director) throw new AppError("not_found:director");
  return director;
}

/** The rule of requireDirectorAccess on an active plan and trained directors already read. */
export function directorAccessOf(
  env: Pick<Env, "AVAILABLE_DIRECTORS">,
  director: Director & { id: DirectorId },
  planStatus: PlanStatus,
  trained: Array<{ directorId: string; trainedAt: Date }>,
): DirectorAccess {
  const state = statusesOf(env, trained, planStatus).find((status) => status.director.id === director.id)?.state;
  if (!state || state === "unavailable") throw new AppError("director:unavailable");
  if (state === "over_limit") throw new AppError("plan:director_limit");
  return { director, planStatus, state };
}

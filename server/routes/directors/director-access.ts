import { eq } from "drizzle-orm";
import type { DirectorState } from "../../../shared/director-states";
import { DIRECTORS, type Director, type DirectorId, findDirector } from "../../../shared/directors";
import { canTrainDirector } from "../../../shared/plans";
import { directorTrainings } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
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
  const trained = await trainedDirectors(deps, userId);
  const trainedIds = trained.map((row) => row.directorId);
  return DIRECTORS.map((director) => {
    const trainedAt = trained.find((row) => row.directorId === director.id)?.trainedAt ?? null;
    let state: DirectorState;
    if (!deps.env.AVAILABLE_DIRECTORS.includes(director.id)) state = trainedAt ? "trained" : "unavailable";
    else if (trainedAt) state = "trained";
    else if (planStatus && canTrainDirector(planStatus.plan, trainedIds, director.id)) state = "available";
    else state = "over_limit";
    return { director, state, trainedAt };
  });
}

/**
 * The server's rule for training or chatting with a director: it exists, this
 * server offers it, the plan is active and its director count allows it.
 */
export async function requireDirectorAccess(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  userId: string,
  directorId: string,
): Promise<{ director: Director & { id: DirectorId }; planStatus: PlanStatus; state: DirectorState }> {
  const director = findDirector(directorId);
  if (!director) throw new AppError("not_found:director");
  const planStatus = await requireActivePlan(deps, userId);
  const statuses = await directorStatuses(deps, userId, planStatus);
  const state = statuses.find((status) => status.director.id === director.id)?.state ?? "unavailable";
  if (state === "unavailable") throw new AppError("director:unavailable");
  if (state === "over_limit") throw new AppError("plan:director_limit");
  return { director, planStatus, state };
}

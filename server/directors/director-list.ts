import { eq } from "drizzle-orm";
import type { DirectorListItem, DirectorListResponse } from "../../shared/director-states";
import { ERRORS, isErrorCode } from "../../shared/errors";
import { directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import { knowledgeOf, readKnowledgeSources } from "../memory/director-knowledge";
import { getPlanStatus } from "../plans/plan-status";
import { directorStatuses } from "./director-access";

/** Every director with this owner's state for it, whether its context is ready and how many key facts it knows. */
export async function directorList(deps: AppDeps, userId: string): Promise<DirectorListResponse> {
  const planStatus = await getPlanStatus(deps, userId);
  const [statuses, sources, indexes] = await Promise.all([
    directorStatuses(deps, userId, planStatus),
    readKnowledgeSources(deps.db, userId),
    deps.db
      .select({
        directorId: directorTrainings.directorId,
        indexedAt: directorTrainings.indexedAt,
        indexFailure: directorTrainings.indexFailure,
      })
      .from(directorTrainings)
      .where(eq(directorTrainings.userId, userId)),
  ]);
  const learningOf = (directorId: string): DirectorListItem["learning"] => {
    const index = indexes.find((row) => row.directorId === directorId);
    if (!index || !deps.env.CONTEXT_ENABLED) return null;
    if (index.indexedAt) return { state: "ready", message: null };
    if (isErrorCode(index.indexFailure)) return { state: "failed", message: ERRORS[index.indexFailure].message };
    return { state: "learning", message: null };
  };
  const now = deps.now();
  return {
    directors: statuses.map(({ director, state, trainedAt }) => ({
      id: director.id,
      name: director.name,
      title: director.title,
      description: director.description,
      icon: director.icon,
      state,
      trainedAt: trainedAt?.toISOString() ?? null,
      learning: learningOf(director.id),
      knowledge: state === "trained" || state === "available" ? knowledgeOf(director.id, sources, now) : null,
    })),
    plan: planStatus
      ? {
          id: planStatus.plan.id,
          name: planStatus.plan.name,
          directorCount: planStatus.plan.directorCount,
          trialEnded: planStatus.trialEnded,
          ...(planStatus.lapsed ? { lapsed: true as const } : {}),
        }
      : null,
    trainedCount: statuses.filter((status) => status.trainedAt !== null).length,
  };
}

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { DirectorListItem, DirectorListResponse } from "../../../shared/director-states";
import { ERRORS, isErrorCode } from "../../../shared/errors";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { directorTrainings } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { directorStatuses } from "../../directors/director-access";
import { knowledgeOf, readKnowledgeSources } from "../../memory/director-knowledge";
import { getPlanStatus } from "../../plans/plan-status";

/** GET /api/directors: every director with this user's state for it and how many key facts it knows (/select-department). */
export function directorRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireUser(deps.sessions)).get("/", async (c) => {
    const userId = c.get("user").id;
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
    const body: DirectorListResponse = {
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
          }
        : null,
      trainedCount: statuses.filter((status) => status.trainedAt !== null).length,
    };
    return c.json(body);
  });
}

import { Hono } from "hono";
import type { DirectorListResponse } from "../../../shared/director-states";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { getPlanStatus } from "../plans/plan-status";
import { directorStatuses } from "./director-access";

/** GET /api/directors: every director with this user's state for it (/select-department). */
export function directorRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireUser(deps.sessions)).get("/", async (c) => {
    const userId = c.get("user").id;
    const planStatus = await getPlanStatus(deps, userId);
    const statuses = await directorStatuses(deps, userId, planStatus);
    const body: DirectorListResponse = {
      directors: statuses.map(({ director, state, trainedAt }) => ({
        id: director.id,
        name: director.name,
        title: director.title,
        description: director.description,
        icon: director.icon,
        state,
        trainedAt: trainedAt?.toISOString() ?? null,
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

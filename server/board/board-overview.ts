import type { BoardOverview } from "../../shared/board";
import type { AppDeps } from "../deps";
import { directorStatuses } from "../directors/director-access";
import { requireActivePlan } from "../plans/plan-status";
import { boardPreviewOf, heldPreviewMeeting } from "./board-preview";

/** GET /api/board: who can sit, the plan, what a question costs, and the trial's preview meeting. */
export async function boardOverview(deps: Pick<AppDeps, "db" | "env" | "now">, userId: string): Promise<BoardOverview> {
  const planStatus = await requireActivePlan(deps, userId);
  const [statuses, heldPreview] = await Promise.all([
    directorStatuses(deps, userId, planStatus),
    heldPreviewMeeting(deps.db, userId),
  ]);
  return {
    directors: statuses.map(({ director, state }) => ({ id: director.id, state })),
    plan: { id: planStatus.plan.id, name: planStatus.plan.name, directorCount: planStatus.plan.directorCount },
    chatLimitPerMinute: deps.env.CHAT_RATE_LIMIT_PER_MINUTE,
    preview: boardPreviewOf(statuses, planStatus, heldPreview),
  };
}

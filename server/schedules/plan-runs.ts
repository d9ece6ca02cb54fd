import { eq } from "drizzle-orm";
import { periodAt } from "../../shared/periods";
import { numbersSettings, scheduledRequests, scheduledRuns } from "../db/schema";
import type { AppDeps } from "../deps";
import { runScheduledRequestJob } from "./run-scheduled-request-job";

/**
 * Claims this period's run of every scheduled request that is not paused, and sends its job. The run's row has a
 * unique key (request, period): claiming it is what makes a run happen once per period, with several processes, after
 * a restart, or after downtime (only the current period is claimed, so a server down for weeks asks once).
 */
export async function planScheduledRuns(
  deps: Pick<AppDeps, "db" | "now" | "jobs">,
  options: { spreadSeconds?: number } = {},
): Promise<number> {
  const active = await deps.db
    .select({
      id: scheduledRequests.id,
      userId: scheduledRequests.userId,
      cadence: scheduledRequests.cadence,
      timeZone: numbersSettings.timeZone,
    })
    .from(scheduledRequests)
    .leftJoin(numbersSettings, eq(numbersSettings.userId, scheduledRequests.userId))
    .where(eq(scheduledRequests.paused, false));
  if (active.length === 0) return 0;
  const now = deps.now();
  const claimed = await deps.db
    .insert(scheduledRuns)
    .values(
      active.map((request) => ({
        requestId: request.id,
        userId: request.userId,
        period: periodAt(now, request.cadence, request.timeZone ?? "UTC"),
        createdAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: scheduledRuns.id });
  for (const { id } of claimed) {
    const startAfterSeconds = options.spreadSeconds ? Math.floor(Math.random() * options.spreadSeconds) : 0;
    await deps.jobs.send(runScheduledRequestJob, { runId: id }, { singletonKey: id, startAfterSeconds });
  }
  return claimed.length;
}

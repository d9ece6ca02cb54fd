import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import { planScheduledRuns } from "../schedules/plan-runs";
import { remindOfCheckIn } from "./check-in-reminder";
import { ownersWithMetrics, planBriefs } from "./plan-briefs";

/**
 * The numbers' clock: sent with the upkeep jobs at start and every few minutes, one at a time across every process.
 * It claims the weekly briefs each owner is owed and sends their jobs, spread over BRIEF_SPREAD_SECONDS, and emails
 * a reminder when a check-in is due; and it claims this period's run of every scheduled request.
 */
export const numbersSweepJob = defineJob<Record<string, never>, AppDeps>({
  name: "numbers-sweep",
  policy: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 15 * 60, policy: "stately", concurrency: 1 },
  async run(deps, _data, { log }) {
    let claimed = 0;
    let reminded = 0;
    for (const userId of await ownersWithMetrics(deps)) {
      claimed += await planBriefs(deps, userId, { spreadSeconds: deps.env.BRIEF_SPREAD_SECONDS });
      if (await remindOfCheckIn(deps, userId)) reminded += 1;
    }
    const runs = await planScheduledRuns(deps, { spreadSeconds: deps.env.BRIEF_SPREAD_SECONDS });
    if (claimed + reminded + runs > 0) log.info({ claimed, reminded, runs }, "numbers sweep: briefs, reminders, runs");
  },
});

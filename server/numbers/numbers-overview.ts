import { eq } from "drizzle-orm";
import { suggestMetrics } from "../../shared/metric-suggestions";
import type { DueCount, NumbersOverview } from "../../shared/numbers";
import { periodAt } from "../../shared/periods";
import { METRIC_LIMITS } from "../../shared/plans";
import { readOwnerNumbers } from "../db/metric-rows";
import { directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import { requireActivePlan } from "../plans/plan-status";
import { getBusinessProfile } from "../profile/business-profile";
import { dueCheckIns } from "./due-check-ins";

/** Everything /numbers shows: the owner's metrics and values, what the check-in asks for, and what to suggest. */
export async function numbersOverview(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<NumbersOverview> {
  const [plan, { settings, metrics, values }, profile, trained] = await Promise.all([
    requireActivePlan(deps, userId),
    readOwnerNumbers(deps.db, userId),
    getBusinessProfile(deps.db, userId),
    deps.db
      .select({ directorId: directorTrainings.directorId })
      .from(directorTrainings)
      .where(eq(directorTrainings.userId, userId))
      .orderBy(directorTrainings.trainedAt),
  ]);
  const now = deps.now();
  return {
    settings,
    metrics,
    values,
    due: dueCheckIns({ metrics, values, timeZone: settings.timeZone, now }),
    suggestions: suggestMetrics({
      successAnswer: profile?.metrics,
      trainedDirectors: trained.map((row) => row.directorId as NumbersOverview["metrics"][number]["directorId"]),
      trackedNames: metrics.map((metric) => metric.name),
    }),
    metricLimit: METRIC_LIMITS[plan.plan.id],
    current: {
      weekly: periodAt(now, "weekly", settings.timeZone),
      monthly: periodAt(now, "monthly", settings.timeZone),
    },
  };
}

/** How many values the check-in asks for now: the nav's badge. */
export async function dueCount(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<DueCount> {
  const { settings, metrics, values } = await readOwnerNumbers(deps.db, userId);
  return { due: dueCheckIns({ metrics, values, timeZone: settings.timeZone, now: deps.now() }).length };
}

import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Metric, MetricValue } from "../../shared/numbers";
import { CADENCES, type Cadence, type CalendarDate, periodAt, shiftPeriod } from "../../shared/periods";
import { readOwnerNumbers } from "../db/metric-rows";
import { directorBriefs, directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import { getPlanStatus } from "../plans/plan-status";
import { dueCheckIns } from "./due-check-ins";
import { writeBriefJob } from "./write-brief-job";

/** A brief whose job gave up (the AI service was away for long) is sent again after this long. */
const RESEND_PENDING_AFTER_MS = 30 * 60_000;

/**
 * Which briefs an owner is owed now, and their jobs: weekly ones while the owner keeps weekly metrics, monthly ones
 * while it keeps monthly metrics. For each cadence the period just finished gets its briefs once that cadence's
 * check-in is complete; the period before it gets them anyway, since its check-in period has ended (a skipped
 * check-in). Only those two periods are looked at, so a server that was down for months catches up once, not once
 * per missed period. Each brief is a row with a unique key (owner, director, cadence, period): inserting it is what
 * claims it, so however many processes or sweeps ask, each brief is written once.
 */
export async function planBriefs(
  deps: Pick<AppDeps, "db" | "now" | "jobs">,
  userId: string,
  options: { spreadSeconds?: number } = {},
): Promise<number> {
  const plan = await getPlanStatus(deps, userId);
  if (!plan || plan.trialEnded) return 0;
  const [{ settings, metrics, values }, trained] = await Promise.all([
    readOwnerNumbers(deps.db, userId),
    deps.db
      .select({ directorId: directorTrainings.directorId })
      .from(directorTrainings)
      .where(eq(directorTrainings.userId, userId)),
  ]);
  if (metrics.length === 0 || trained.length === 0) return 0;
  const now = deps.now();
  const owed = CADENCES.flatMap((cadence) => {
    const ofCadence = metrics.filter((metric) => metric.cadence === cadence);
    const ids = new Set(ofCadence.map((metric) => metric.id));
    const theirValues = values.filter((value) => ids.has(value.metricId));
    return owedPeriods({ cadence, metrics: ofCadence, values: theirValues, timeZone: settings.timeZone, now }).map(
      (period) => ({ cadence, period }),
    );
  });
  if (owed.length === 0) return 0;

  const claimed = await deps.db
    .insert(directorBriefs)
    .values(
      owed.flatMap((brief) => trained.map(({ directorId }) => ({ userId, directorId, ...brief, createdAt: now }))),
    )
    .onConflictDoNothing()
    .returning({ id: directorBriefs.id });
  const stalled = await deps.db
    .select({ id: directorBriefs.id })
    .from(directorBriefs)
    .where(
      and(
        eq(directorBriefs.userId, userId),
        eq(directorBriefs.status, "pending"),
        inArray(
          directorBriefs.period,
          owed.map((brief) => brief.period),
        ),
        lt(directorBriefs.createdAt, new Date(now.getTime() - RESEND_PENDING_AFTER_MS)),
      ),
    );
  for (const { id } of [...claimed, ...stalled]) {
    const startAfterSeconds = options.spreadSeconds ? Math.floor(Math.random() * options.spreadSeconds) : 0;
    await deps.jobs.send(writeBriefJob, { briefId: id }, { singletonKey: id, startAfterSeconds });
  }
  return claimed.length;
}

/** The periods of one cadence whose briefs are owed: the one just finished once checked in, and the one before. */
function owedPeriods(input: {
  cadence: Cadence;
  metrics: Metric[];
  values: MetricValue[];
  timeZone: string;
  now: Date;
}): CalendarDate[] {
  if (input.metrics.length === 0) return [];
  const { cadence } = input;
  const last = shiftPeriod(periodAt(input.now, cadence, input.timeZone), cadence, -1);
  const checkedIn = dueCheckIns(input).length === 0;
  const periods = [shiftPeriod(last, cadence, -1), ...(checkedIn ? [last] : [])];
  // A period before the owner's first value has nothing to brief on.
  const firstValue = input.values[0]?.period;
  return periods.filter((period) => firstValue !== undefined && firstValue < shiftPeriod(period, cadence, 1));
}

/** The owners a sweep looks at: those with at least one metric. */
export async function ownersWithMetrics(deps: Pick<AppDeps, "db">): Promise<string[]> {
  const rows = await deps.db.execute(sql`select distinct user_id from metrics`);
  return (rows as unknown as { rows: Array<{ user_id: string }> }).rows.map((row) => row.user_id);
}

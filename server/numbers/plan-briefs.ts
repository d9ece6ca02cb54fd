import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { periodAt, shiftPeriod } from "../../shared/periods";
import { directorBriefs, directorTrainings } from "../db/schema";
import type { AppDeps } from "../deps";
import { getPlanStatus } from "../plans/plan-status";
import { dueCheckIns } from "./due-check-ins";
import { listValues } from "./metric-values";
import { listMetrics } from "./metrics";
import { readNumbersSettings } from "./numbers-settings";
import { writeBriefJob } from "./write-brief-job";

/** A brief whose job gave up (the AI service was away for long) is sent again after this long. */
const RESEND_PENDING_AFTER_MS = 30 * 60_000;

/**
 * Which weekly briefs an owner is owed now, and their jobs. The week just finished gets its briefs once its check-in
 * is complete; the week before it gets them anyway, since its check-in week has ended (a skipped check-in). Only those
 * two weeks are looked at, so a server that was down for a month catches up once, not once per missed week. Each brief
 * is a row with a unique key (owner, director, week): inserting it is what claims it, so however many processes or
 * sweeps ask, each brief is written once.
 */
export async function planBriefs(
  deps: Pick<AppDeps, "db" | "now" | "jobs">,
  userId: string,
  options: { spreadSeconds?: number } = {},
): Promise<number> {
  const plan = await getPlanStatus(deps, userId);
  if (!plan || plan.trialEnded) return 0;
  const [settings, metrics, values, trained] = await Promise.all([
    readNumbersSettings(deps.db, userId),
    listMetrics(deps.db, userId),
    listValues(deps.db, userId),
    deps.db
      .select({ directorId: directorTrainings.directorId })
      .from(directorTrainings)
      .where(eq(directorTrainings.userId, userId)),
  ]);
  if (metrics.length === 0 || trained.length === 0) return 0;
  const now = deps.now();
  const lastWeek = shiftPeriod(periodAt(now, "weekly", settings.timeZone), "weekly", -1);
  const checkedIn = dueCheckIns({ metrics, values, timeZone: settings.timeZone, now }).length === 0;
  const weeks = [shiftPeriod(lastWeek, "weekly", -1), ...(checkedIn ? [lastWeek] : [])];
  // A week before the owner's first value has nothing to brief on.
  const firstValue = values[0]?.period;
  const owed = weeks.filter((week) => firstValue !== undefined && firstValue < shiftPeriod(week, "weekly", 1));
  if (owed.length === 0) return 0;

  const claimed = await deps.db
    .insert(directorBriefs)
    .values(owed.flatMap((period) => trained.map(({ directorId }) => ({ userId, directorId, period, createdAt: now }))))
    .onConflictDoNothing()
    .returning({ id: directorBriefs.id });
  const stalled = await deps.db
    .select({ id: directorBriefs.id })
    .from(directorBriefs)
    .where(
      and(
        eq(directorBriefs.userId, userId),
        eq(directorBriefs.status, "pending"),
        inArray(directorBriefs.period, owed),
        lt(directorBriefs.createdAt, new Date(now.getTime() - RESEND_PENDING_AFTER_MS)),
      ),
    );
  for (const { id } of [...claimed, ...stalled]) {
    const startAfterSeconds = options.spreadSeconds ? Math.floor(Math.random() * options.spreadSeconds) : 0;
    await deps.jobs.send(writeBriefJob, { briefId: id }, { singletonKey: id, startAfterSeconds });
  }
  return claimed.length;
}

/** The owners a sweep looks at: those with at least one metric. */
export async function ownersWithMetrics(deps: Pick<AppDeps, "db">): Promise<string[]> {
  const rows = await deps.db.execute(sql`select distinct user_id from metrics`);
  return (rows as unknown as { rows: Array<{ user_id: string }> }).rows.map((row) => row.user_id);
}

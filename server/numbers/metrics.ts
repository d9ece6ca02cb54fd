import { and, count, eq, sql } from "drizzle-orm";
import type { Metric, MetricChange, MetricInput } from "../../shared/numbers";
import { metricChangeSchema, metricInputSchema } from "../../shared/numbers";
import { METRIC_LIMITS } from "../../shared/plans";
import type { Database } from "../db/client";
import { metricOf } from "../db/metric-rows";
import { metrics } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { deleteOrNotFound } from "../http/delete-or-not-found";
import { requireActivePlan } from "../plans/plan-status";

/** The plan's metric limit, for an owner with an active plan. */
export async function metricLimitOf(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<number> {
  const status = await requireActivePlan(deps, userId);
  return METRIC_LIMITS[status.plan.id];
}

/**
 * Adds a metric within the plan's limit. One owner's additions are taken one at a time, so two at once cannot both
 * slip under it.
 */
export async function createMetric(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
  input: MetricInput,
): Promise<Metric> {
  const limit = await metricLimitOf(deps, userId);
  const values = metricInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`metrics:${userId}`}))`);
    const [usage] = await tx.select({ n: count() }).from(metrics).where(eq(metrics.userId, userId));
    if ((usage?.n ?? 0) >= limit) {
      throw new AppError("numbers:metric_limit", {
        message: `Your plan tracks at most ${limit} metrics. Remove one or upgrade your plan to add more.`,
      });
    }
    const now = deps.now();
    const [row] = await tx
      .insert(metrics)
      .values({ userId, ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("metric not stored");
    return metricOf(row);
  });
}

/** Changes a metric of the owner's; another owner's, or none, is not found. */
export async function changeMetric(db: Database, userId: string, id: string, change: MetricChange, now: Date) {
  const values = metricChangeSchema.parse(change);
  const [row] = await db
    .update(metrics)
    .set({ ...values, updatedAt: now })
    .where(and(eq(metrics.id, id), eq(metrics.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found:metric");
  return metricOf(row);
}

/** Removes a metric and its values. */
export async function deleteMetric(db: Database, userId: string, id: string): Promise<void> {
  await deleteOrNotFound(db, metrics, and(eq(metrics.id, id), eq(metrics.userId, userId)), "not_found:metric");
}

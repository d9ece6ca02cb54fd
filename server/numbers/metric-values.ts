import { and, eq, sql } from "drizzle-orm";
import type { MetricValue } from "../../shared/numbers";
import type { Database } from "../db/client";
import { metricValueOf } from "../db/metric-rows";
import { metricValues } from "../db/schema";

export type ValueToStore = { metricId: string; period: string; value: number; note: string | null };

/** Stores values, each replacing any value of its metric for that period, in one statement. */
export async function storeValues(
  db: Database,
  userId: string,
  values: readonly ValueToStore[],
  now: Date,
): Promise<MetricValue[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(metricValues)
    .values(values.map((value) => ({ ...value, userId, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [metricValues.metricId, metricValues.period],
      set: { value: sql`excluded.value`, note: sql`excluded.note`, updatedAt: now },
    })
    .returning();
  return rows.map(metricValueOf);
}

/** Removes one value of the owner's; false when there is none. */
export async function deleteValue(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(metricValues)
    .where(and(eq(metricValues.id, id), eq(metricValues.userId, userId)))
    .returning({ id: metricValues.id });
  return deleted.length > 0;
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { MetricValue } from "../../shared/numbers";
import type { Database } from "../db/client";
import { metricValues } from "../db/schema";

type ValueRow = Pick<typeof metricValues.$inferSelect, "id" | "metricId" | "period" | "value" | "note">;

export function metricValueOf(row: ValueRow): MetricValue {
  return { id: row.id, metricId: row.metricId, period: row.period, value: row.value, note: row.note };
}

/** Every value of the owner's metrics (or of the given ones), oldest period first. */
export async function listValues(db: Database, userId: string, metricIds?: readonly string[]): Promise<MetricValue[]> {
  if (metricIds?.length === 0) return [];
  const rows = await db
    .select({
      id: metricValues.id,
      metricId: metricValues.metricId,
      period: metricValues.period,
      value: metricValues.value,
      note: metricValues.note,
    })
    .from(metricValues)
    .where(and(eq(metricValues.userId, userId), metricIds ? inArray(metricValues.metricId, [...metricIds]) : undefined))
    .orderBy(asc(metricValues.period));
  return rows.map(metricValueOf);
}

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

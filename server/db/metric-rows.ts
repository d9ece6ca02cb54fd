import { and, asc, eq, inArray } from "drizzle-orm";
import type { Metric, MetricValue, NumbersSettings } from "../../shared/numbers";
import type { Database } from "./client";
import { metrics, metricValues, numbersSettings } from "./schema";

/**
 * The owner's numbers (settings, metrics and their values) as the numbers pages and a director's context read them.
 * They live below the capabilities because both server/numbers and server/ai read them.
 */

export type OwnerNumbers = { settings: NumbersSettings; metrics: Metric[]; values: MetricValue[] };

/** The owner's settings, metrics and every value, read at once. */
export async function readOwnerNumbers(db: Database, userId: string): Promise<OwnerNumbers> {
  const [settings, metrics, values] = await Promise.all([
    readNumbersSettings(db, userId),
    listMetrics(db, userId),
    listValues(db, userId),
  ]);
  return { settings, metrics, values };
}

const DEFAULT_SETTINGS = { timeZone: "UTC", currency: "USD", reminders: true } as const;

/** The owner's time zone, currency and reminder choice; the defaults until they are first saved. */
export async function readNumbersSettings(db: Database, userId: string): Promise<NumbersSettings> {
  const [row] = await db.select().from(numbersSettings).where(eq(numbersSettings.userId, userId));
  if (!row) return { ...DEFAULT_SETTINGS, saved: false };
  return { timeZone: row.timeZone, currency: row.currency, reminders: row.reminders, saved: true };
}

type MetricRow = typeof metrics.$inferSelect;

export function metricOf(row: MetricRow): Metric {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    cadence: row.cadence,
    directorId: row.directorId as Metric["directorId"],
    goodDirection: row.goodDirection,
    target: row.target,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The owner's metrics, in the order they were added. */
export async function listMetrics(db: Database, userId: string): Promise<Metric[]> {
  const rows = await db.select().from(metrics).where(eq(metrics.userId, userId)).orderBy(asc(metrics.createdAt));
  return rows.map(metricOf);
}

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

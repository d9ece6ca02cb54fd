import { type SQL, sql } from "drizzle-orm";
import { AVERAGE_PERIODS, formatMetricValue, type Metric, type MetricValue, trendOf } from "../../shared/numbers";
import { periodAt, periodLabel, shiftPeriod } from "../../shared/periods";
import type { Database } from "../db/client";
import { readOwnerNumbers } from "../db/metric-rows";

/** A metric as a director is given it: its latest value and trend in one sentence the answer can cite. */
export type MetricInContext = { metricId: string; directorId: string; name: string; period: string; text: string };

/** The most metrics a director's context carries (the owner's own first). */
export const CONTEXT_METRICS_MAX = 12;
/** A metric whose latest value is older than this many periods is left out: it says nothing about now. */
const STALE_PERIODS = 8;

/**
 * Whether the owner keeps any metrics, as an SQL boolean to read with other state: a chat turn that reads it with its
 * state spares an owner without numbers the three statements that read them.
 */
export function ownerHasMetrics(userId: string): SQL {
  return sql`exists (select 1 from metrics where user_id = ${userId})`;
}

/**
 * The owner's metrics with their latest value and recent trend, this director's first: "Weekly revenue: £12,400 for
 * the week of 16 Nov 2026, down 12 % on the four-week average, up 3 % on the week before; target £15,000."
 */
export async function metricsInContext(
  db: Database,
  input: { userId: string; directorId: string; now: Date },
): Promise<MetricInContext[]> {
  const { settings, metrics, values } = await readOwnerNumbers(db, input.userId);
  if (metrics.length === 0) return [];
  const ordered = [
    ...metrics.filter((metric) => metric.directorId === input.directorId),
    ...metrics.filter((metric) => metric.directorId !== input.directorId),
  ];
  const found: MetricInContext[] = [];
  for (const metric of ordered) {
    const own = values.filter((value) => value.metricId === metric.id);
    const latest = own.at(-1);
    if (!latest) continue;
    const oldest = shiftPeriod(periodAt(input.now, metric.cadence, settings.timeZone), metric.cadence, -STALE_PERIODS);
    if (latest.period < oldest) continue;
    found.push({
      metricId: metric.id,
      directorId: metric.directorId,
      name: metric.name,
      period: periodLabel(latest.period, metric.cadence),
      text: describeMetric(metric, own, settings.currency),
    });
    if (found.length === CONTEXT_METRICS_MAX) break;
  }
  return found;
}

/** One sentence: the latest value, its period, the change against the average and the period before, the target. */
export function describeMetric(metric: Metric, values: readonly MetricValue[], currency: string): string {
  const latest = values.at(-1);
  if (!latest) return `${metric.name}: no values yet.`;
  const format = (value: number) => formatMetricValue(metric.unit, value, currency);
  const trend = trendOf(values.map((value) => value.value));
  const unit = metric.cadence === "weekly" ? "week" : "month";
  const parts = [
    `${metric.name}: ${format(latest.value)} for the ${periodLabel(latest.period, metric.cadence).replace(/^Week of /, "week of ")}`,
  ];
  // An average of one period is just the period before: it is said once, as that.
  if (trend.averageChange !== null && values.length > 2) {
    const window = Math.min(AVERAGE_PERIODS, values.length - 1);
    parts.push(`${changeWords(trend.averageChange)} on the ${window}-${unit} average`);
  }
  if (trend.lastChange !== null) parts.push(`${changeWords(trend.lastChange)} on the ${unit} before`);
  let sentence = parts.join(", ");
  if (metric.target !== null) sentence += `; target ${format(metric.target)}`;
  if (metric.goodDirection === "down") sentence += " (lower is better)";
  if (latest.note) sentence += `. Owner's note: ${latest.note}`;
  return `${sentence}.`;
}

function changeWords(percent: number): string {
  const rounded = Math.round(percent);
  if (rounded === 0) return "level";
  return `${rounded > 0 ? "up" : "down"} ${Math.abs(rounded)} %`;
}

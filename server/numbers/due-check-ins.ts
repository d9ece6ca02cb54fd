import { DUE_PERIODS_MAX, type DueEntry, type Metric, type MetricValue } from "../../shared/numbers";
import { periodAt, periodsFrom, shiftPeriod } from "../../shared/periods";

/**
 * What the check-in asks for: each metric's finished periods that have no value yet, from the one before the metric
 * was added (an owner adding "Revenue" can give last week's at once) up to the last finished one. A missed check-in
 * stays due and the next period joins it in the same form; after DUE_PERIODS_MAX periods the oldest drop off (they
 * can still be entered as past values).
 */
export function dueCheckIns(input: {
  metrics: readonly Metric[];
  values: readonly MetricValue[];
  timeZone: string;
  now: Date;
}): DueEntry[] {
  const byMetric = new Map<string, MetricValue[]>();
  for (const value of input.values) byMetric.set(value.metricId, [...(byMetric.get(value.metricId) ?? []), value]);
  const due: DueEntry[] = [];
  for (const metric of input.metrics) {
    const values = (byMetric.get(metric.id) ?? []).toSorted((a, b) => a.period.localeCompare(b.period));
    const filled = new Set(values.map((value) => value.period));
    const lastFinished = shiftPeriod(periodAt(input.now, metric.cadence, input.timeZone), metric.cadence, -1);
    const first = shiftPeriod(periodAt(new Date(metric.createdAt), metric.cadence, input.timeZone), metric.cadence, -1);
    const open = periodsFrom(first, lastFinished, metric.cadence)
      .filter((period) => !filled.has(period))
      .slice(-DUE_PERIODS_MAX);
    for (const period of open) {
      const previous = values.filter((value) => value.period < period).at(-1);
      due.push({
        metricId: metric.id,
        period,
        previous: previous ? { period: previous.period, value: previous.value } : null,
      });
    }
  }
  return due;
}

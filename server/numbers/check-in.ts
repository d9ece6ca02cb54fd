import type { FieldErrors } from "../../shared/errors";
import {
  type CheckIn,
  checkInSchema,
  isJump,
  type Metric,
  type MetricValue,
  NUMBERS_MESSAGES,
  valueProblem,
} from "../../shared/numbers";
import { periodAt, periodOfDate } from "../../shared/periods";
import { listMetrics, listValues, readNumbersSettings } from "../db/metric-rows";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { storeValues, type ValueToStore } from "./metric-values";

/**
 * A check-in: values for due periods, past periods (backfill) or an import, all saved together or none. A value that
 * cannot be right (not a number, a percentage over 100, a period not yet begun) is refused with its field named; one
 * that may be a slip (more than ten times the one before, or a period that already has a value) is asked about, and
 * saved when the owner sends it again confirmed. Nothing is half-saved, so the form keeps everything typed.
 */
export async function recordCheckIn(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
  input: CheckIn,
): Promise<{ saved: MetricValue[]; periods: string[] }> {
  const { entries } = checkInSchema.parse(input);
  const [settings, owned] = await Promise.all([readNumbersSettings(deps.db, userId), listMetrics(deps.db, userId)]);
  const metricsById = new Map(owned.map((metric) => [metric.id, metric]));
  const targets = entries.map((entry) => {
    const metric = metricsById.get(entry.metricId);
    if (!metric) throw new AppError("not_found:metric");
    return { entry, metric, period: periodOfDate(entry.period, metric.cadence) };
  });

  const refused: FieldErrors = {};
  targets.forEach(({ entry, metric, period }, index) => {
    const problem = valueProblem(metric.unit, entry.value);
    if (problem) refused[`entries.${index}.value`] = problem;
    if (period > periodAt(deps.now(), metric.cadence, settings.timeZone)) {
      refused[`entries.${index}.period`] = NUMBERS_MESSAGES.future;
    }
  });
  if (Object.keys(refused).length > 0) throw new AppError("validation:numbers", { fields: refused });

  const stored = await listValues(
    deps.db,
    userId,
    targets.map(({ metric }) => metric.id),
  );
  const questions = questionsAbout(targets, stored);
  if (Object.keys(questions).length > 0) throw new AppError("numbers:confirm", { fields: questions });

  const toStore: ValueToStore[] = targets.map(({ entry, metric, period }) => ({
    metricId: metric.id,
    period,
    value: entry.value,
    note: entry.note || null,
  }));
  const saved = await storeValues(deps.db, userId, toStore, deps.now());
  return { saved, periods: [...new Set(toStore.map((value) => value.period))] };
}

type Target = { entry: { value: number; confirmed?: boolean }; metric: Metric; period: string };

/** The unconfirmed entries that replace a different value, or jump tenfold from the value before (or after). */
function questionsAbout(targets: readonly Target[], stored: readonly MetricValue[]): FieldErrors {
  const questions: FieldErrors = {};
  targets.forEach(({ entry, metric, period }, index) => {
    if (entry.confirmed) return;
    const values = stored.filter((value) => value.metricId === metric.id);
    const existing = values.find((value) => value.period === period);
    if (existing && existing.value !== entry.value) {
      questions[`entries.${index}.value`] = NUMBERS_MESSAGES.replace;
      return;
    }
    // The value before: the latest stored one, or an earlier period entered in this same check-in.
    const earlier = [
      ...values.filter((value) => value.period < period),
      ...targets
        .filter((other) => other.metric.id === metric.id && other.period < period)
        .map((other) => ({ period: other.period, value: other.entry.value })),
    ].toSorted((a, b) => a.period.localeCompare(b.period));
    // A past period entered before any other is compared with the value after it.
    const neighbour = earlier.at(-1) ?? values.find((value) => value.period > period);
    if (isJump(neighbour?.value, entry.value)) questions[`entries.${index}.value`] = NUMBERS_MESSAGES.jump;
  });
  return questions;
}

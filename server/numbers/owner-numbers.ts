import type { Metric, MetricValue, NumbersSettings } from "../../shared/numbers";
import type { Database } from "../db/client";
import { listMetrics, listValues } from "../db/metric-rows";
import { readNumbersSettings } from "./numbers-settings";

export type OwnerNumbers = { settings: NumbersSettings; metrics: Metric[]; values: MetricValue[] };

/** The owner's settings, metrics and every value, read at once: what the check-in, the briefs and imports work from. */
export async function readOwnerNumbers(db: Database, userId: string): Promise<OwnerNumbers> {
  const [settings, metrics, values] = await Promise.all([
    readNumbersSettings(db, userId),
    listMetrics(db, userId),
    listValues(db, userId),
  ]);
  return { settings, metrics, values };
}

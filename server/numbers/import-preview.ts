import { parseLocaleNumber } from "../../shared/locale-number";
import {
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRow,
  type Metric,
  type MetricValue,
  valueProblem,
} from "../../shared/numbers";
import { isCalendarDate, periodAt, periodOfDate } from "../../shared/periods";
import { readOwnerNumbers } from "../db/metric-rows";
import type { AppDeps } from "../deps";

/**
 * What an imported file (date, metric, value) would save: each row matched to one of the owner's metrics by name and
 * filed under its period, or skipped with its reason named. A bad row never refuses the file; a later row for the
 * same metric and period wins over an earlier one, which is skipped and says so.
 */
export async function previewImport(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
  input: { rows: ImportRow[]; locale: string },
): Promise<ImportPreview> {
  const { settings, metrics, values } = await readOwnerNumbers(deps.db, userId);
  const byName = new Map(metrics.map((metric) => [metric.name.trim().toLowerCase(), metric]));
  const now = deps.now();
  const rows = input.rows.map((row) =>
    previewRow(row, { byName, values, locale: input.locale, now, timeZone: settings.timeZone }),
  );
  // A later row for the same metric and period replaces an earlier one: the earlier is skipped.
  const lastLine = new Map<string, number>();
  for (const row of rows) if (row.ok) lastLine.set(`${row.metricId}:${row.period}`, row.line);
  return {
    rows: rows.map((row) =>
      row.ok && lastLine.get(`${row.metricId}:${row.period}`) !== row.line
        ? { line: row.line, ok: false, reason: `A later row gives ${row.metricName} for this period.` }
        : row,
    ),
  };
}

type Lookup = {
  byName: Map<string, Metric>;
  values: MetricValue[];
  locale: string;
  now: Date;
  timeZone: string;
};

function previewRow(row: ImportRow, lookup: Lookup): ImportPreviewRow {
  const skip = (reason: string): ImportPreviewRow => ({ line: row.line, ok: false, reason });
  const metric = lookup.byName.get(row.metric.trim().toLowerCase());
  if (!metric) return skip(row.metric.trim() ? `No metric is named “${row.metric.trim()}”.` : "The metric is missing.");
  const date = readDate(row.date, lookup.locale);
  if (!date) return skip(`“${String(row.date)}” is not a date.`);
  const value = typeof row.value === "number" ? row.value : readNumber(row.value, lookup.locale);
  if (Number.isNaN(value)) return skip(`“${String(row.value)}” is not a number.`);
  const problem = valueProblem(metric.unit, value);
  if (problem) return skip(problem);
  const period = periodOfDate(date, metric.cadence);
  if (period > periodAt(lookup.now, metric.cadence, lookup.timeZone)) return skip("This date is in the future.");
  const existing = lookup.values.find((stored) => stored.metricId === metric.id && stored.period === period);
  return {
    line: row.line,
    ok: true,
    metricId: metric.id,
    metricName: metric.name,
    period,
    value,
    replaces: existing && existing.value !== value ? existing.value : null,
  };
}

/** A figure in the browser's format, else in the plain form a program writes ("12400.5"). */
function readNumber(text: string, locale: string): number {
  const local = parseLocaleNumber(text, locale);
  if (!Number.isNaN(local)) return local;
  const plain = text.trim();
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * A date as YYYY-MM-DD, as a spreadsheet's serial day number, or as the locale writes a short date (day first in
 * en-GB, month first in en-US), with "/", "." or "-" between.
 */
export function readDate(value: string | number, locale: string): string | undefined {
  if (typeof value === "number") return excelSerialDate(value);
  const text = value.trim().slice(0, 10);
  if (isCalendarDate(text)) return text;
  const parts = value.trim().match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/);
  if (!parts) return undefined;
  const monthFirst =
    new Intl.DateTimeFormat(locale).formatToParts(new Date(Date.UTC(2026, 10, 25)))[0]?.type === "month";
  const [first, second, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [month, day] = monthFirst ? [first, second] : [second, first];
  const fullYear = year < 100 ? 2000 + year : year;
  const iso = `${fullYear}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : undefined;
}

/** Spreadsheets count days from 30 December 1899. */
function excelSerialDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return undefined;
  return new Date(Date.UTC(1899, 11, 30) + Math.round(serial) * 86_400_000).toISOString().slice(0, 10);
}

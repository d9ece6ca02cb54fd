import { z } from "zod";
import type { AnswerSource } from "./answer-sources";
import { DIRECTOR_IDS, type DirectorId } from "./directors";
import { CADENCES, type Cadence, type CalendarDate, isCalendarDate, isTimeZone } from "./periods";
import { ownerText } from "./validation";

/**
 * The owner's numbers: a short list of metrics per business, each with its unit, cadence, director, good direction
 * and optional target, and one value per metric per period, entered at a check-in. Shared by the /numbers page and
 * the server.
 */

export const METRIC_UNITS = ["money", "count", "percent", "hours"] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];
export const GOOD_DIRECTIONS = ["up", "down"] as const;
export type GoodDirection = (typeof GOOD_DIRECTIONS)[number];

export const METRIC_NAME_MAX = 60;
export const VALUE_NOTE_MAX = 500;
/** A value more than this many times the previous one (or less than its share) is asked about before it is saved. */
export const JUMP_FACTOR = 10;
/** How many periods back a missed check-in stays in the form; older ones are entered as backfill. */
export const DUE_PERIODS_MAX = 12;
/** The average a new value is compared with: the periods before it. */
export const AVERAGE_PERIODS = 4;

export const UNIT_LABELS: Record<MetricUnit, string> = {
  money: "Money",
  count: "Count",
  percent: "Percentage",
  hours: "Hours",
};

export const NUMBERS_MESSAGES = {
  notANumber: "Enter a number, such as 1,250 or 12.5.",
  percentOver100: "A percentage cannot be more than 100.",
  negative: "This cannot be below zero.",
  future: "This period has not started yet. Enter values for this period or earlier ones.",
  jump: "This is more than ten times bigger or smaller than the value next to it. Check it, then save again to keep it.",
  replace: "This period already has a value. Save again to replace it.",
  nameRequired: "Give the metric a name.",
  timeZone: "Choose a time zone from the list.",
} as const;

export type Metric = {
  id: string;
  name: string;
  unit: MetricUnit;
  cadence: Cadence;
  directorId: DirectorId;
  goodDirection: GoodDirection;
  target: number | null;
  createdAt: string;
};

export type MetricValue = {
  id: string;
  metricId: string;
  /** The period's first day, "YYYY-MM-DD". */
  period: CalendarDate;
  value: number;
  note: string | null;
};

/** A metric the owner might keep: from their onboarding answer or a trained director's department. */
export type SuggestedMetric = Omit<Metric, "id" | "createdAt"> & { reason: string };

/** One metric and period waiting for a value at the check-in, with the value before it. */
export type DueEntry = {
  metricId: string;
  period: CalendarDate;
  previous: { period: CalendarDate; value: number } | null;
};

export type NumbersSettings = {
  timeZone: string;
  /** ISO 4217 code: money is shown in it. */
  currency: string;
  /** One email when a check-in is due (only when mail is configured). */
  reminders: boolean;
  /** Whether the owner has saved settings (the page saves the browser's time zone the first time). */
  saved: boolean;
};

/** GET /api/numbers: everything /numbers shows. */
export type NumbersOverview = {
  settings: NumbersSettings;
  metrics: Metric[];
  /** Every value of every metric, oldest first. */
  values: MetricValue[];
  due: DueEntry[];
  suggestions: SuggestedMetric[];
  /** How many metrics the plan allows. */
  metricLimit: number;
  /** The current period of each cadence in the owner's time zone. */
  current: Record<Cadence, CalendarDate>;
};

/** A trained director's weekly brief: what moved, one risk, one action, each citing its sources. */
export type WeeklyBrief = {
  id: string;
  directorId: DirectorId;
  /** The week (its Monday) or the month (its first day) it looks back on. */
  period: CalendarDate;
  cadence: Cadence;
  /** "pending" while it is being written (or waits for the AI service to come back). */
  status: "pending" | "ready" | "failed";
  content: { moved: string; risk: string; action: string } | null;
  sources: AnswerSource[];
  writtenAt: string | null;
};

/**
 * GET /api/numbers/briefs: "This week", the latest week's briefs; and under them the latest month's, when the owner
 * keeps monthly metrics.
 */
export type BriefsOverview = {
  period: CalendarDate | null;
  briefs: WeeklyBrief[];
  month: { period: CalendarDate; briefs: WeeklyBrief[] } | null;
};

/** GET /api/numbers/due: the nav's badge. */
export type DueCount = { due: number };

const metricName = ownerText()
  .pipe(z.string().trim().min(1, NUMBERS_MESSAGES.nameRequired).max(METRIC_NAME_MAX))
  .describe("name");

const metricFields = {
  name: metricName,
  unit: z.enum(METRIC_UNITS),
  cadence: z.enum(CADENCES),
  directorId: z.enum(DIRECTOR_IDS),
  goodDirection: z.enum(GOOD_DIRECTIONS),
  target: z.number().finite().nullable(),
};

export const metricInputSchema = z.object({
  ...metricFields,
  cadence: metricFields.cadence.default("weekly"),
  goodDirection: metricFields.goodDirection.default("up"),
  target: metricFields.target.default(null),
});
export type MetricInput = z.input<typeof metricInputSchema>;

/** A change to a metric: only the fields sent change. */
export const metricChangeSchema = z.object(metricFields).partial();
export type MetricChange = z.input<typeof metricChangeSchema>;

const period = z.string().refine(isCalendarDate, "Enter a date as YYYY-MM-DD.");

export const valueEntrySchema = z.object({
  metricId: z.uuid(),
  /** Any day of the period; the server files it under the period's first day. */
  period,
  value: z.number({ error: NUMBERS_MESSAGES.notANumber }).finite(NUMBERS_MESSAGES.notANumber),
  note: ownerText().pipe(z.string().trim().max(VALUE_NOTE_MAX)).optional(),
  /** The owner has seen the question about a tenfold jump, or about replacing a value, and saves anyway. */
  confirmed: z.boolean().optional(),
});
export type ValueEntry = z.input<typeof valueEntrySchema>;

/** An import of three years of weekly values for a dozen metrics fits in one request. */
export const IMPORT_ROWS_MAX = 5000;

export const checkInSchema = z.object({ entries: z.array(valueEntrySchema).min(1).max(IMPORT_ROWS_MAX) });
export type CheckIn = z.input<typeof checkInSchema>;

/** What a check-in answers: the values stored, or the entries that need the owner's say-so, by index. */
export type CheckInResult = { saved: MetricValue[] };

export const numbersSettingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, NUMBERS_MESSAGES.timeZone).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Choose a currency.")
    .optional(),
  reminders: z.boolean().optional(),
});
export type NumbersSettingsChange = z.input<typeof numbersSettingsSchema>;

/**
 * A value's problems that need no server: its unit's range. Returns the message to show, or null.
 */
export function valueProblem(unit: MetricUnit, value: number): string | null {
  if (!Number.isFinite(value)) return NUMBERS_MESSAGES.notANumber;
  if (unit === "percent" && value > 100) return NUMBERS_MESSAGES.percentOver100;
  if ((unit === "count" || unit === "hours") && value < 0) return NUMBERS_MESSAGES.negative;
  return null;
}

/** Whether a value jumps more than tenfold from the one before (either way); a zero before it is no measure. */
export function isJump(previous: number | undefined, value: number): boolean {
  if (previous === undefined || previous === 0 || value === 0) return false;
  const ratio = Math.abs(value / previous);
  return ratio > JUMP_FACTOR || ratio < 1 / JUMP_FACTOR;
}

/** The change against the period before and against the average of the four before it, in percent. */
export function trendOf(values: readonly number[]): { lastChange: number | null; averageChange: number | null } {
  const latest = values.at(-1);
  if (latest === undefined) return { lastChange: null, averageChange: null };
  const before = values.at(-2);
  const window = values.slice(-1 - AVERAGE_PERIODS, -1);
  const average = window.length > 0 ? window.reduce((sum, value) => sum + value, 0) / window.length : undefined;
  return { lastChange: percentChange(before, latest), averageChange: percentChange(average, latest) };
}

function percentChange(from: number | undefined, to: number): number | null {
  if (from === undefined || from === 0) return null;
  return ((to - from) / Math.abs(from)) * 100;
}

/** How a value reads: "£12,400", "37 %", "1,250", "12.5 h". */
export function formatMetricValue(unit: MetricUnit, value: number, currency: string, locale = "en-GB"): string {
  if (unit === "money") {
    // Whole amounts read without pennies ("£12,400"); others keep the currency's usual two places.
    const places = Number.isInteger(value) ? 0 : 2;
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).format(value);
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  if (unit === "percent") return `${number} %`;
  if (unit === "hours") return `${number} h`;
  return number;
}

/** One row of an imported file as the browser read it: its line in the file and its three cells as text or number. */
export const importRowSchema = z.object({
  line: z.number().int().min(1),
  date: z.union([z.string().max(100), z.number()]),
  metric: z.string().max(200),
  value: z.union([z.string().max(100), z.number()]),
});
export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema).min(1).max(IMPORT_ROWS_MAX),
  /** The browser's locale: how the file's dates and figures are written. */
  locale: z.string().max(35).default("en-GB"),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A row as it would be saved, or why it is skipped. */
export type ImportPreviewRow =
  | {
      line: number;
      ok: true;
      metricId: string;
      metricName: string;
      period: CalendarDate;
      value: number;
      replaces: number | null;
    }
  | { line: number; ok: false; reason: string };

export type ImportPreview = { rows: ImportPreviewRow[] };

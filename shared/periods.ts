/**
 * The owner's periods: a week (Monday to Sunday) or a calendar month, in the owner's time zone. A period is named by
 * the calendar date it starts on ("2026-03-30"), so it means the same to the owner wherever the server runs; the
 * instant it starts is that date's local midnight, which daylight saving moves. Pure: the browser and the server
 * both count periods with it.
 */

export const CADENCES = ["weekly", "monthly"] as const;
export type Cadence = (typeof CADENCES)[number];

/** A calendar date, "YYYY-MM-DD". */
export type CalendarDate = string;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The period a calendar date belongs to, named by its first day. */
export function periodOfDate(date: CalendarDate, cadence: Cadence): CalendarDate {
  const day = toUtcDay(date);
  if (cadence === "monthly") return `${date.slice(0, 7)}-01`;
  // getUTCDay: 0 is Sunday; weeks start on Monday.
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return fromUtcDay(day - sinceMonday * DAY_MS);
}

/** The period an instant falls in, in the owner's time zone. */
export function periodAt(instant: Date, cadence: Cadence, timeZone: string): CalendarDate {
  return periodOfDate(localDate(instant, timeZone), cadence);
}

/** The period `count` periods after `period` (before it when negative). */
export function shiftPeriod(period: CalendarDate, cadence: Cadence, count: number): CalendarDate {
  if (cadence === "weekly") return fromUtcDay(toUtcDay(period) + count * 7 * DAY_MS);
  const [year, month] = period.split("-").map(Number) as [number, number];
  const months = year * 12 + (month - 1) + count;
  return `${String(Math.floor(months / 12)).padStart(4, "0")}-${String((months % 12) + 1).padStart(2, "0")}-01`;
}

/** The instant a period starts: local midnight of its first day in the owner's time zone. */
export function periodStart(period: CalendarDate, timeZone: string): Date {
  return localMidnight(period, timeZone);
}

/** The instant a period ends: the start of the next one. */
export function periodEnd(period: CalendarDate, cadence: Cadence, timeZone: string): Date {
  return localMidnight(shiftPeriod(period, cadence, 1), timeZone);
}

/** The periods from `first` to `last`, both included, oldest first. */
export function periodsFrom(first: CalendarDate, last: CalendarDate, cadence: Cadence): CalendarDate[] {
  const periods: CalendarDate[] = [];
  for (let period = first; period <= last; period = shiftPeriod(period, cadence, 1)) periods.push(period);
  return periods;
}

/** "Week of 30 Mar 2026", "March 2026". */
export function periodLabel(period: CalendarDate, cadence: Cadence, locale = "en-GB"): string {
  const date = new Date(toUtcDay(period));
  if (cadence === "monthly") {
    return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  }
  const day = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return `Week of ${day.format(date)}`;
}

/** Whether a time zone name is one this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** Whether a string is a real calendar date, "YYYY-MM-DD". */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return fromUtcDay(toUtcDay(text)) === text;
}

/**
 * The instant of local midnight of a date in a time zone. The zone's offset is read at a first guess and read again
 * at the corrected instant, since a daylight-saving change between the two moves it.
 */
function localMidnight(date: CalendarDate, timeZone: string): Date {
  const wall = toUtcDay(date);
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** How far the zone's clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

function toUtcDay(date: CalendarDate): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function fromUtcDay(ms: number): CalendarDate {
  return new Date(ms).toISOString().slice(0, 10);
}

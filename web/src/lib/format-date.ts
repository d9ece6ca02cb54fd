const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Every date the owner reads is written one way, their locale's ("Nov 27,
 * 2026", "27 Nov 2026"…). A calendar day (YYYY-MM-DD, a fact's day) is that
 * day wherever the reader is; a moment (an ISO time) is its day in the
 * reader's time zone.
 */
export function formatDate(value: string | Date): string {
  return DATE.format(toDate(value));
}

/** A moment with its time of day, in the same style: "Nov 27, 2026, 3:04 PM". */
export function formatDateTime(value: string | Date): string {
  return DATE_TIME.format(toDate(value));
}

/** Whether a text is a calendar day as the server writes one (YYYY-MM-DD). */
export function isCalendarDay(value: string): boolean {
  return CALENDAR_DAY.test(value);
}

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const day = CALENDAR_DAY.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return new Date(value);
}

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "Apr 1, 2026" for a fact's day (YYYY-MM-DD), read as that calendar day wherever the reader is. */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split("-").map(Number);
  return DAY.format(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

/** Today in the reader's calendar, as YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** The time of day shown under each message, in the reader's own locale. */
export function formatTimeOfDay(iso: string | undefined): string {
  const date = iso ? new Date(iso) : new Date();
  return TIME.format(Number.isNaN(date.getTime()) ? new Date() : date);
}

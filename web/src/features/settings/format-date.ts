const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "Mar 10, 2026" in the reader's locale. */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

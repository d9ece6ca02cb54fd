import type { AnswerSource } from "#shared/answer-sources";
import { formatDate, isCalendarDay } from "./format-date";

/** How a cited block is named wherever it is shown: in an answer, a document, the excerpt it opens. */

/** "Price list 2026.pdf, page 3", "Business profile: Goals for the next 12 months", "What you told Finn: Apr 1, 2026". */
export function sourceLabel(source: AnswerSource): string {
  const where = whereText(source);
  if (!where) return source.name;
  return source.kind === "document" ? `${source.name}, ${where}` : `${source.name}: ${where}`;
}

/** Where in the source it is; a remembered fact's day in the owner's locale, as every date they read. */
export function whereText(source: AnswerSource): string | null {
  return source.where && isCalendarDay(source.where) ? formatDate(source.where) : source.where;
}

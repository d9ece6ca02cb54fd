import type { FieldErrors } from "#shared/errors";
import { parseLocaleNumber } from "#shared/locale-number";
import { type Metric, NUMBERS_MESSAGES, type ValueEntry, valueProblem } from "#shared/numbers";
import { ApiError } from "../../lib/api";

/**
 * A value being typed in a form: the text as the owner wrote it (in their browser's number format), a note, and what
 * the server last said about it. The form keeps these until they are saved, so a refusal loses nothing.
 */
export type Draft = {
  key: string;
  metric: Metric;
  period: string;
  text: string;
  note: string;
  error?: string;
  /** The server asked about this value (a tenfold jump, a replacement): sending it unchanged again confirms it. */
  askedFor?: string;
};

/** The browser's locale, for reading and writing numbers. */
export function ownerLocale(): string {
  return typeof navigator === "undefined" ? "en-GB" : navigator.language || "en-GB";
}

/** The drafts to send: filled ones only; each with the message that stops it before sending, if any. */
export function entriesOf(drafts: readonly Draft[]): {
  entries: ValueEntry[];
  sent: Draft[];
  errors: Record<string, string>;
} {
  const entries: ValueEntry[] = [];
  const sent: Draft[] = [];
  const errors: Record<string, string> = {};
  for (const draft of drafts) {
    if (draft.text.trim() === "") continue;
    const value = parseLocaleNumber(draft.text, ownerLocale());
    const problem = Number.isNaN(value) ? NUMBERS_MESSAGES.notANumber : valueProblem(draft.metric.unit, value);
    if (problem) {
      errors[draft.key] = problem;
      continue;
    }
    entries.push({
      metricId: draft.metric.id,
      period: draft.period,
      value,
      note: draft.note.trim() || undefined,
      confirmed: draft.askedFor === draft.text,
    });
    sent.push(draft);
  }
  return { entries, sent, errors };
}

/**
 * The server's answer about a batch, draft by draft: "entries.3.value" is the fourth draft sent. A question (409)
 * marks the draft as asked about, so the next save confirms it.
 */
export function applyServerAnswer(drafts: readonly Draft[], sent: readonly Draft[], error: unknown): Draft[] | null {
  if (!(error instanceof ApiError) || (error.code !== "validation:numbers" && error.code !== "numbers:confirm")) {
    return null;
  }
  const byKey = messagesByKey(sent, error.fields);
  return drafts.map((draft) => {
    const message = byKey.get(draft.key);
    if (!message) return { ...draft, error: undefined };
    return { ...draft, error: message, askedFor: error.code === "numbers:confirm" ? draft.text : undefined };
  });
}

function messagesByKey(sent: readonly Draft[], fields: FieldErrors): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const [field, message] of Object.entries(fields)) {
    const index = Number(field.split(".")[1]);
    const draft = sent[index];
    if (draft && !byKey.has(draft.key)) byKey.set(draft.key, message);
  }
  return byKey;
}

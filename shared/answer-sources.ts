/**
 * What an answer stood on (issue 12): the owner's context goes to the model as
 * numbered blocks ([1], [2], …), the model cites the ones it relies on, and the
 * answer keeps every block it was sent, as it was then, with whether it was
 * cited. Shared by the server (prompt, storage, export) and the browser (links
 * in the answer, the "Sources" row).
 */

/** A profile answer, a director's training answer, a passage of a document or note, a remembered fact, a metric. */
export type AnswerSourceKind = "profile" | "training" | "document" | "memory" | "number";

export type AnswerSource = {
  /** The block's number in the prompt: the answer cites it as [n]. */
  n: number;
  /** Whether the answer cites it (the others were provided and not cited). */
  cited: boolean;
  kind: AnswerSourceKind;
  /** What it is called: "Business profile", "Martha's training", "Price list 2026.pdf". */
  name: string;
  /** Where in it: the profile field or training question, "page 3", "section “Opening hours”"; null for a whole note. */
  where: string | null;
  /** The text the answer was given, as it was then. */
  excerpt: string;
  /** A document's knowledge source, for going to it. */
  sourceId?: string;
  /** A remembered fact's id, for telling whether the owner has since changed or removed it. */
  factId?: string;
  /** A metric of the owner's numbers (/numbers). */
  metricId?: string;
  /** A training answer's director. */
  directorId?: string;
  /** A profile field or training question's stored name. */
  field?: string;
  /**
   * Filled in when the answer is read: whether the source still says this
   * ("current"), has since changed, or is gone.
   */
  state?: AnswerSourceState;
};

export type AnswerSourceState = "current" | "changed" | "removed";

/** A citation marker: [3], or several in one pair of brackets ([2, 5]). Footnote-style [^1] and links are not markers. */
const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g;

/** The block numbers a text cites, in order of first citation, each once. */
export function citedNumbers(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(MARKER)) {
    for (const part of (match[1] ?? "").split(",")) {
      const n = Number(part.trim());
      if (!found.includes(n)) found.push(n);
    }
  }
  return found;
}

/** A piece of an answer's text: plain text, or a citation of a block that exists. */
export type CitedSegment = { text: string } | { cite: number };

/**
 * The text split at its markers, keeping only citations of blocks that exist
 * (a marker that matches no block is dropped, with the space before it).
 */
export function splitCitations(text: string, known: ReadonlySet<number>): CitedSegment[] {
  const segments: CitedSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const index = match.index ?? 0;
    const numbers = (match[1] ?? "")
      .split(",")
      .map((part) => Number(part.trim()))
      .filter((n) => known.has(n));
    let before = text.slice(last, index);
    if (numbers.length === 0) before = before.replace(/[ \t]+$/, "");
    if (before !== "") segments.push({ text: before });
    for (const n of numbers) segments.push({ cite: n });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** The text with markers of unknown blocks removed, others kept as [n]: how an export shows it. */
export function withKnownCitations(text: string, known: ReadonlySet<number>): string {
  return splitCitations(text, known)
    .map((segment) => ("cite" in segment ? `[${segment.cite}]` : segment.text))
    .join("");
}

/** The text without any markers: an earlier answer sent back as history, whose numbers meant other blocks. */
export function withoutCitations(text: string): string {
  return withKnownCitations(text, new Set());
}

/** The quiet line under an answer that used none of the owner's context. */
export const NO_CONTEXT_LINE = "General advice: this answer does not draw on anything you have told us.";

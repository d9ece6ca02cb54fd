import type { KnowledgeFailure } from "../../../shared/knowledge";

/**
 * A source's text in the parts it came in, each with where it sits: a page, a
 * section, a range of rows. A section under headings also has their path
 * ("Employee handbook › 7. Sickness › 7.5 Other time off"): it tells what
 * every piece of the section is about, even the ones its own heading is not in.
 */
export type ExtractedSection = { location: string | null; text: string; heading?: string };

/** Joins a path of headings the way pieces show it. */
export function headingPath(headings: readonly string[]): string | undefined {
  const path = headings.filter(Boolean).join(" › ");
  return path === "" ? undefined : path;
}

export type Extracted = {
  sections: ExtractedSection[];
  pageCount?: number;
  rowCount?: number;
  /** The document's own title, when it has one (web pages). */
  title?: string;
  /** Only the first part was read: the rest lies past a reading limit. */
  truncated?: boolean;
};

/** The source cannot be read; the owner sees the failure's message. */
export class ExtractionError extends Error {
  constructor(
    readonly failure: KnowledgeFailure,
    options?: { cause?: unknown },
  ) {
    super(`extraction failed: ${failure}`, options);
    this.name = "ExtractionError";
  }
}

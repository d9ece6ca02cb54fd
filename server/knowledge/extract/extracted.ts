import type { KnowledgeFailure } from "../../../shared/knowledge";

/** A source's text in the parts it came in, each with where it sits: a page, a section, a range of rows. */
export type ExtractedSection = { location: string | null; text: string };

export type Extracted = {
  sections: ExtractedSection[];
  pageCount?: number;
  rowCount?: number;
  /** The document's own title, when it has one (web pages). */
  title?: string;
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

import { KNOWLEDGE_MAX_TEXT_CHARS, type KnowledgeFormat } from "../../../shared/knowledge";
import type { KnowledgePiece } from "../../ai/context-index";
import { chunkSections } from "../chunk-text";
import { extractMarkdown, extractPlainText } from "./extract-text";
import type { Extracted } from "./extracted";
import { READ_LIMITS } from "./read-limits";

export type ReadSource = Extracted & { truncated: boolean; pieces: KnowledgePiece[] };

/**
 * The text of a stored original, by its format, cut at
 * KNOWLEDGE_MAX_TEXT_CHARS and READ_LIMITS.sections (a spreadsheet or
 * document can hold far more text than is useful to index), and its pieces
 * for retrieval (none when it has no text). Runs in the reading process
 * (extract-in-child.ts). Throws ExtractionError with a reason the owner reads.
 */
export async function extractSource(format: KnowledgeFormat, bytes: Uint8Array): Promise<ReadSource> {
  const extracted = await extractByFormat(format, bytes);
  const { sections, truncated } = capSections(extracted.sections, KNOWLEDGE_MAX_TEXT_CHARS, READ_LIMITS.sections);
  const pieces = chunkSections(sections);
  return {
    ...extracted,
    sections,
    pieces: pieces.slice(0, READ_LIMITS.pieces),
    truncated: truncated || extracted.truncated === true || pieces.length > READ_LIMITS.pieces,
  };
}

/** Each reader (PDF.js, mammoth, linkedom, Papa Parse) is loaded when its first file comes, not at start. */
async function extractByFormat(format: KnowledgeFormat, bytes: Uint8Array): Promise<Extracted> {
  switch (format) {
    case "pdf":
      return (await import("./extract-pdf")).extractPdf(bytes);
    case "docx":
      return (await import("./extract-docx")).extractDocx(bytes);
    case "csv":
      return (await import("./extract-csv")).extractCsv(decode(bytes));
    case "md":
      return withTextCut(decode(bytes), extractMarkdown);
    case "html":
    case "web":
      return (await import("./extract-html")).extractHtml(decode(bytes));
    case "txt":
    case "note":
      return withTextCut(decode(bytes), extractPlainText);
  }
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

/** Text past the most that is kept is never split into sections. */
function withTextCut(text: string, extract: (text: string) => Extracted): Extracted {
  if (text.length <= KNOWLEDGE_MAX_TEXT_CHARS) return extract(text);
  return { ...extract(text.slice(0, KNOWLEDGE_MAX_TEXT_CHARS)), truncated: true };
}

function capSections(sections: Extracted["sections"], maxChars: number, maxSections: number) {
  const kept: Extracted["sections"] = [];
  let remaining = maxChars;
  for (const section of sections) {
    if (remaining <= 0 || kept.length === maxSections) return { sections: kept, truncated: true };
    if (section.text.length > remaining) {
      kept.push({ ...section, text: section.text.slice(0, remaining) });
      return { sections: kept, truncated: true };
    }
    kept.push(section);
    remaining -= section.text.length;
  }
  return { sections: kept, truncated: false };
}

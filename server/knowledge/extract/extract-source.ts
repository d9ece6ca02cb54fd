import { KNOWLEDGE_MAX_TEXT_CHARS, type KnowledgeFormat } from "../../../shared/knowledge";
import { extractMarkdown, extractPlainText } from "./extract-text";
import { type Extracted, ExtractionError } from "./extracted";

/**
 * The text of a stored original, by its format, cut at
 * KNOWLEDGE_MAX_TEXT_CHARS (a spreadsheet or document can hold far more text
 * than is useful to index). Throws ExtractionError with a reason the owner reads.
 */
export async function extractSource(
  format: KnowledgeFormat,
  bytes: Uint8Array,
): Promise<Extracted & { truncated: boolean }> {
  const extracted = await extractByFormat(format, bytes);
  const { sections, truncated } = capSections(extracted.sections, KNOWLEDGE_MAX_TEXT_CHARS);
  if (sections.every((section) => section.text.trim() === "")) throw new ExtractionError("no_text");
  return { ...extracted, sections, truncated };
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
      return extractMarkdown(decode(bytes));
    case "html":
    case "web":
      return (await import("./extract-html")).extractHtml(decode(bytes));
    case "txt":
    case "note":
      return extractPlainText(decode(bytes));
  }
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}

function capSections(sections: Extracted["sections"], maxChars: number) {
  const kept: Extracted["sections"] = [];
  let remaining = maxChars;
  for (const section of sections) {
    if (remaining <= 0) return { sections: kept, truncated: true };
    if (section.text.length > remaining) {
      kept.push({ ...section, text: section.text.slice(0, remaining) });
      return { sections: kept, truncated: true };
    }
    kept.push(section);
    remaining -= section.text.length;
  }
  return { sections: kept, truncated: false };
}

import { KNOWLEDGE_MAX_TEXT_CHARS, type KnowledgeFormat } from "../../../shared/knowledge";
import { extractCsv } from "./extract-csv";
import { extractDocx } from "./extract-docx";
import { extractHtml } from "./extract-html";
import { extractPdf } from "./extract-pdf";
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

async function extractByFormat(format: KnowledgeFormat, bytes: Uint8Array): Promise<Extracted> {
  switch (format) {
    case "pdf":
      return extractPdf(bytes);
    case "docx":
      return extractDocx(bytes);
    case "csv":
      return extractCsv(decode(bytes));
    case "md":
      return extractMarkdown(decode(bytes));
    case "html":
    case "web":
      return extractHtml(decode(bytes));
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

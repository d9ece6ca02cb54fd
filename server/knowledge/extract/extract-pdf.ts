import { getDocumentProxy } from "unpdf";
import { KNOWLEDGE_MAX_TEXT_CHARS } from "../../../shared/knowledge";
import { type Extracted, type ExtractedSection, ExtractionError } from "./extracted";
import { READ_LIMITS } from "./read-limits";

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * A PDF's text, page by page (PDF.js through unpdf), one page at a time: the
 * reading stops once the text kept is full, after READ_LIMITS.pdfPages pages,
 * or after READ_LIMITS.pdfPagesMs, and the source says it was cut. A file
 * claiming an absurd number of pages is refused. A password, a damaged file
 * and a scan without a text layer each get their own failure.
 */
export async function extractPdf(bytes: Uint8Array): Promise<Extracted> {
  let read: { sections: ExtractedSection[]; pageCount: number; truncated: boolean };
  try {
    // PDF.js keeps the buffer it is given; a copy leaves the caller's bytes intact.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      read = await readPages(pdf);
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    const name = (error as Error | undefined)?.name;
    if (name === "PasswordException") throw new ExtractionError("pdf_encrypted", { cause: error });
    throw new ExtractionError("pdf_corrupt", { cause: error });
  }
  if (read.sections.every((section) => section.text.trim() === "")) throw new ExtractionError("pdf_no_text");
  return read;
}

async function readPages(pdf: PdfDocument) {
  const pageCount = pdf.numPages;
  if (pageCount > READ_LIMITS.pdfPagesRefused) throw new ExtractionError("too_big_to_read");
  const sections: ExtractedSection[] = [];
  const until = performance.now() + READ_LIMITS.pdfPagesMs;
  let chars = 0;
  for (let number = 1; number <= pageCount; number++) {
    const full = chars >= KNOWLEDGE_MAX_TEXT_CHARS || number > READ_LIMITS.pdfPages || performance.now() > until;
    if (full) return { sections, pageCount, truncated: true };
    const text = await pageText(pdf, number);
    sections.push({ location: `page ${number}`, text });
    chars += text.length;
  }
  return { sections, pageCount, truncated: false };
}

/** A page's text as unpdf's extractText gives it: its pieces joined, a line break where a line ends. */
async function pageText(pdf: PdfDocument, number: number): Promise<string> {
  const page = await pdf.getPage(number);
  try {
    const content = await page.getTextContent();
    return content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
  } finally {
    page.cleanup();
  }
}

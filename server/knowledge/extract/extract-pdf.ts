import { extractText, getDocumentProxy } from "unpdf";
import { type Extracted, ExtractionError } from "./extracted";

/**
 * A PDF's text, page by page (PDF.js through unpdf). A password, a damaged
 * file and a scan without a text layer each get their own failure.
 */
export async function extractPdf(bytes: Uint8Array): Promise<Extracted> {
  let pages: string[];
  let pageCount: number;
  try {
    // PDF.js keeps the buffer it is given; a copy leaves the caller's bytes intact.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const result = await extractText(pdf, { mergePages: false });
      pages = result.text;
      pageCount = result.totalPages;
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === "PasswordException") throw new ExtractionError("pdf_encrypted", { cause: error });
    throw new ExtractionError("pdf_corrupt", { cause: error });
  }
  const sections = pages.map((text, index) => ({ location: `page ${index + 1}`, text }));
  if (sections.every((section) => section.text.trim() === "")) throw new ExtractionError("pdf_no_text");
  return { sections, pageCount };
}

import { parseHTML } from "linkedom";
import mammoth from "mammoth";
import { sectionsOf } from "./extract-html";
import { type Extracted, ExtractionError } from "./extracted";

/** A Word document's text by its headings (mammoth turns it into HTML with h1–h6 for heading styles). */
export async function extractDocx(bytes: Uint8Array): Promise<Extracted> {
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }));
  } catch (error) {
    throw new ExtractionError("docx_corrupt", { cause: error });
  }
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return { sections: sectionsOf(document.body as unknown as Element) };
}

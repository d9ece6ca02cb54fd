import { parseHTML } from "linkedom";
import mammoth from "mammoth";
import { sectionsOf } from "./extract-html";
import { type Extracted, ExtractionError } from "./extracted";
import { READ_LIMITS } from "./read-limits";
import { openZip, type ZipArchive } from "./read-zip";

/**
 * A Word document's text by its headings (mammoth turns it into HTML with
 * h1–h6 for heading styles). Mammoth reads the parts it needs from our own
 * archive reader, which refuses a part that expands past READ_LIMITS; images
 * are never read.
 */
export async function extractDocx(bytes: Uint8Array): Promise<Extracted> {
  let html: string;
  try {
    const archive = openZip(bytes, {
      maxEntries: READ_LIMITS.archiveEntries,
      maxEntryBytes: READ_LIMITS.archiveEntryBytes,
      maxTotalBytes: READ_LIMITS.archiveTotalBytes,
    });
    ({ value: html } = await mammoth.convertToHtml({ file: mammothFile(archive) } as never, {
      convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
    }));
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError("docx_corrupt", { cause: error });
  }
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return { sections: sectionsOf(document.body as unknown as Element) };
}

/** The archive as mammoth reads an opened file (its `file` input, the shape of its own JSZip wrapper). */
function mammothFile(archive: ZipArchive) {
  return {
    exists: (name: string) => archive.exists(name),
    read: async (name: string, encoding?: string) => {
      const bytes = archive.read(name);
      if (encoding === "base64") return Buffer.from(bytes).toString("base64");
      return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
    },
  };
}

import type { Content } from "pdfmake/interfaces";
import type { Env } from "../env";
import type { Logger } from "../logger";

/**
 * The first PDF a process makes is slow (well over a second for 20 pages): pdfmake opens and parses its fonts, and V8
 * has not yet compiled its layout code. A production server warms both when an owner first opens a document, by making
 * a few pages nobody downloads, so that owner's first export takes about as long as the later ones. Not at start:
 * pdfmake and its fonts would then take memory in every server, including those whose owners never export. The fonts
 * are pdfmake's own, read from node_modules; nothing is fetched.
 */

const LINE = "A warm-up line of text, long enough to wrap across the page in regular, bold and italic type. ";

function warmUpContent(): Content[] {
  const content: Content[] = [];
  for (let section = 1; section <= 4; section++) {
    content.push({ text: `Section ${section}`, fontSize: 15, bold: true });
    for (let paragraph = 0; paragraph < 3; paragraph++) {
      content.push({ text: [LINE.repeat(6), { text: LINE, bold: true }, { text: LINE, italics: true }] });
    }
    content.push({ ul: ["one", "two", { text: "three", bold: true, italics: true }] });
    content.push({ ol: ["one", "two"] });
    content.push({
      table: {
        headerRows: 1,
        body: [
          ["Week", "Spend"],
          ["1", "£200"],
          ["2", "£300"],
        ],
      },
    });
  }
  return content;
}

/**
 * Makes the warm-up PDF twice (the second pass is what gets V8 to optimize the layout code). pdfmake itself loads here,
 * not with this module, which the documents' routes import at start.
 */
export async function warmPdfExport(): Promise<void> {
  const { pdfmake } = await import("./pdfmake");
  for (let pass = 0; pass < 2; pass++) {
    await pdfmake.createPdf({ content: warmUpContent(), defaultStyle: { font: "Roboto", fontSize: 10.5 } }).getBuffer();
  }
}

let warmUpStarted = false;

/**
 * Starts the warm-up in the background the first time a production server calls it; later calls do nothing. Tests,
 * which start many servers, skip it.
 */
export function warmPdfExportOnce(env: Pick<Env, "NODE_ENV">, log: Logger): void {
  if (warmUpStarted || env.NODE_ENV !== "production") return;
  warmUpStarted = true;
  warmPdfExport().catch((error: Error) => log.warn({ err: error.message }, "pdf warm-up failed"));
}

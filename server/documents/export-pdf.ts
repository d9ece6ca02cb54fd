import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { docToOutline, type OutlineBlock } from "../../shared/document-outline";
import type { Assumption, RichNode } from "../../shared/documents";
import { pdfmake } from "../export/pdfmake";
import { withTitle } from "./export-text";

/**
 * A rich document as a PDF, with pdfmake as conversations are exported (server/chat/export-pdf.ts): headings, lists,
 * tables with a header row repeated on each page, then the assumptions. Only pdfmake's own fonts are ever read.
 */

const SIZES = { 1: 20, 2: 15, 3: 12.5 } as const;

export async function toDocumentPdf(title: string, doc: RichNode, assumptions: Assumption[]): Promise<Buffer> {
  const content: Content[] = withTitle(docToOutline(doc), title).map(pdfBlock);
  if (assumptions.length > 0) {
    content.push(pdfBlock({ type: "heading", level: 2, text: "Assumptions" }));
    content.push({ ul: assumptions.map((item) => `${item.text} — ${item.why}`), margin: [0, 0, 0, 8] });
  }
  const definition: TDocumentDefinitions = {
    info: { title, creator: "Directors" },
    pageSize: "A4",
    pageMargins: [56, 56, 56, 56],
    content,
    defaultStyle: { font: "Roboto", fontSize: 10.5, lineHeight: 1.3, color: "#0f172a" },
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}

function pdfBlock(block: OutlineBlock): Content {
  switch (block.type) {
    case "heading":
      return {
        text: block.text,
        fontSize: SIZES[block.level],
        bold: true,
        margin: [0, block.level === 1 ? 0 : 12, 0, 6],
      };
    case "paragraph":
      return { text: block.text, margin: [0, 0, 0, 8] };
    case "bullets":
      return { ul: block.items, margin: [0, 0, 0, 8] };
    case "numbered":
      return { ol: block.items, margin: [0, 0, 0, 8] };
    case "table": {
      const width = Math.max(1, ...block.rows.map((row) => row.length));
      return {
        table: {
          headerRows: 1,
          widths: new Array<string>(width).fill("*"),
          body: block.rows.map((row, index) =>
            Array.from({ length: width }, (_, column) => ({ text: row[column] ?? "", bold: index === 0 })),
          ),
        },
        layout: "lightHorizontalLines",
        margin: [0, 0, 0, 10],
      };
    }
  }
}

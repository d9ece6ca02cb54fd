import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { docToOutline, type OutlineBlock } from "../../shared/document-outline";
import type { Assumption, RichNode } from "../../shared/documents";
import { withTitle } from "./export-text";

/**
 * A rich document as a Word file (.docx, made with the `docx` package): headings as Word headings, so the
 * navigation pane and a table of contents work; lists as real lists; tables with a bold header row; then the
 * assumptions under their own heading.
 */

const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

export async function toDocx(title: string, doc: RichNode, assumptions: Assumption[]): Promise<Buffer> {
  const blocks = withTitle(docToOutline(doc), title);
  const document = new Document({
    creator: "Directors",
    title,
    numbering: {
      config: [
        {
          reference: "numbered",
          levels: [{ level: 0, format: "decimal", text: "%1.", alignment: "start" }],
        },
      ],
    },
    sections: [{ children: [...blocks.flatMap(docxBlock), ...assumptionBlocks(assumptions)] }],
  });
  return Packer.toBuffer(document);
}

function docxBlock(block: OutlineBlock, index: number): Array<Paragraph | Table> {
  switch (block.type) {
    case "heading":
      return [new Paragraph({ text: block.text, heading: HEADINGS[block.level] })];
    case "paragraph":
      return block.text.split("\n").map((line) => new Paragraph({ children: [new TextRun(line)] }));
    case "bullets":
      return block.items.map((item) => new Paragraph({ text: item, bullet: { level: 0 } }));
    case "numbered":
      return block.items.map(
        (item) => new Paragraph({ text: item, numbering: { reference: "numbered", level: 0, instance: index } }),
      );
    case "table":
      return [docxTable(block.rows)];
  }
}

function docxTable(rows: string[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map(
      (row, rowIndex) =>
        new TableRow({
          tableHeader: rowIndex === 0,
          children: row.map(
            (cell) =>
              new TableCell({
                children: [new Paragraph({ children: [new TextRun({ text: cell, bold: rowIndex === 0 })] })],
              }),
          ),
        }),
    ),
  });
}

function assumptionBlocks(assumptions: Assumption[]): Paragraph[] {
  if (assumptions.length === 0) return [];
  return [
    new Paragraph({ text: "Assumptions", heading: HeadingLevel.HEADING_2 }),
    ...assumptions.map((item) => new Paragraph({ text: `${item.text} — ${item.why}`, bullet: { level: 0 } })),
  ];
}

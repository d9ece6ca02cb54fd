import { docToOutline, type OutlineBlock } from "../../shared/document-outline";
import type { Assumption, Sheet, VersionContent } from "../../shared/documents";
import { type CellValue, evaluateSheet } from "../../shared/sheet-formulas";

/**
 * A document as Markdown (both kinds) and a spreadsheet as CSV. Both carry values, not formulas: a formula's result
 * as the sheet computes it (shared/sheet-formulas.ts). The .xlsx keeps the formulas.
 */

export function toMarkdown(title: string, content: VersionContent): string {
  const body =
    content.kind === "rich"
      ? outlineMarkdown(withTitle(docToOutline(content.doc), title))
      : `# ${title}\n\n${markdownTable([content.sheet.columns.map((column) => column.header), ...shownRows(content.sheet)])}`;
  return `${body}\n${assumptionsMarkdown(content.assumptions)}`;
}

/** The rows as shown: each cell's value, numbers written plainly. */
export function shownRows(sheet: Sheet): string[][] {
  return evaluateSheet(sheet).map((row) => row.map(shownValue));
}

function shownValue(value: CellValue): string {
  if (typeof value === "string") return value;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

export function toCsv(sheet: Sheet): string {
  const lines = [sheet.columns.map((column) => column.header), ...shownRows(sheet)].map((row) =>
    row.map(csvCell).join(","),
  );
  return `${lines.join("\r\n")}\r\n`;
}

/** RFC 4180 quoting, and a leading apostrophe on text a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && Number.isNaN(Number(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A rich document's outline leads with its title unless it already does. */
export function withTitle(blocks: OutlineBlock[], title: string): OutlineBlock[] {
  return blocks[0]?.type === "heading" && blocks[0].level === 1
    ? blocks
    : [{ type: "heading", level: 1, text: title }, ...blocks];
}

function outlineMarkdown(blocks: OutlineBlock[]): string {
  return blocks.map(blockMarkdown).join("\n\n");
}

function blockMarkdown(block: OutlineBlock): string {
  switch (block.type) {
    case "heading":
      return `${"#".repeat(block.level)} ${block.text}`;
    case "paragraph":
      return block.text;
    case "bullets":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "numbered":
      return block.items.map((item, index) => `${index + 1}. ${item}`).join("\n");
    case "table":
      return markdownTable(block.rows);
  }
}

function markdownTable(rows: string[][]): string {
  const [header = [], ...rest] = rows;
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
  const line = (row: string[]) => `| ${row.map(cell).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rest.map(line)].join("\n");
}

function assumptionsMarkdown(assumptions: Assumption[]): string {
  if (assumptions.length === 0) return "";
  return `\n## Assumptions\n\n${assumptions.map((item) => `- ${item.text} — ${item.why}`).join("\n")}\n`;
}

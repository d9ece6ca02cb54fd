import { z } from "zod";
import { docToOutline, type OutlineBlock, outlineToDoc } from "../../shared/document-outline";
import {
  type Assumption,
  CELL_FORMATS,
  type DocumentBody,
  type DocumentContentKind,
  type VersionContent,
} from "../../shared/documents";

/**
 * What the director is asked to write, as one JSON object checked against this schema: a rich document's sections
 * (a heading and its blocks), or a spreadsheet's columns and rows, plus the assumptions listed apart. Every field is
 * required (nullable where it may be empty), as strict structured output needs.
 */

const blockSchema = z.object({
  type: z.enum(["paragraph", "bullets", "numbered", "table"]),
  text: z.string().describe("The paragraph's text, with [n] citations; empty for lists and tables."),
  items: z.array(z.string()).describe("The list's items; empty for paragraphs and tables."),
  rows: z.array(z.array(z.string())).describe("The table's rows, the first one its header; empty otherwise."),
});

const sectionSchema = z.object({
  heading: z.string().min(1),
  blocks: z.array(blockSchema).min(1),
});

const sheetSchema = z.object({
  columns: z.array(z.object({ header: z.string(), format: z.enum(CELL_FORMATS) })).min(1),
  rows: z
    .array(z.array(z.string()))
    .min(1)
    .describe(
      'Each row\'s cells, one per column: text, a number ("1200") or a formula ("=B2+B3-B4"). Row 1 is the header.',
    ),
});

const assumptionSchema = z.object({
  text: z.string().min(1).describe('What was assumed, as it reads in the document: "Average order £38".'),
  value: z.string().describe('The value used: "£38".'),
  why: z.string().describe('Why it had to be assumed: "not in your data".'),
});

export const draftOutputSchema = z.object({
  title: z.string().min(1),
  sections: z.array(sectionSchema).describe("A rich document's sections, in order; empty for a spreadsheet."),
  sheet: sheetSchema.nullable().describe("A spreadsheet's columns and rows; null for a rich document."),
  assumptions: z.array(assumptionSchema),
});

export type DraftOutput = z.infer<typeof draftOutputSchema>;
export type DraftSection = z.infer<typeof sectionSchema>;

/** The name the structured output goes by; the fake AI server answers it with a draft. */
export const DRAFT_OUTPUT_NAME = "document_draft";

/**
 * The draft checked for what the schema cannot say: a rich document has sections, a spreadsheet has a sheet whose
 * rows fit its columns. Returns the reason it does not fit, for the log (never the content).
 */
export function draftProblem(draft: DraftOutput, contentKind: DocumentContentKind): string | undefined {
  if (contentKind === "rich") return draft.sections.length === 0 ? "no sections" : undefined;
  if (!draft.sheet) return "no sheet";
  const width = draft.sheet.columns.length;
  if (draft.sheet.rows.some((row) => row.length > width)) return "a row is wider than the columns";
  return undefined;
}

/** The sections as outline blocks: each section's heading, then its blocks. */
export function sectionsToOutline(sections: DraftSection[]): OutlineBlock[] {
  return sections.flatMap((section): OutlineBlock[] => [
    { type: "heading", level: 2, text: section.heading },
    ...section.blocks.flatMap((block): OutlineBlock[] => {
      if (block.type === "paragraph") return block.text.trim() ? [{ type: "paragraph", text: block.text }] : [];
      if (block.type === "table") return block.rows.length > 0 ? [{ type: "table", rows: squareRows(block.rows) }] : [];
      return block.items.length > 0 ? [{ type: block.type, items: block.items }] : [];
    }),
  ]);
}

/** The body a draft (or the part of it written so far) makes. */
export function draftBody(
  draft: { title?: string; sections?: DraftSection[]; sheet?: DraftOutput["sheet"] },
  contentKind: DocumentContentKind,
): DocumentBody {
  if (contentKind === "sheet") {
    const sheet = draft.sheet ?? { columns: [], rows: [] };
    const width = sheet.columns.length;
    return {
      kind: "sheet",
      sheet: { columns: sheet.columns, rows: sheet.rows.map((row) => padRow(row, width)) },
    };
  }
  const title = draft.title ? [{ type: "heading" as const, level: 1 as const, text: draft.title }] : [];
  return { kind: "rich", doc: outlineToDoc([...title, ...sectionsToOutline(draft.sections ?? [])]) };
}

export function assumptionsOf(draft: DraftOutput): Assumption[] {
  return draft.assumptions.map(({ text, value, why }) => ({ text, value, why }));
}

/** A table's rows all as wide as its widest, so every exporter can rely on it. */
function squareRows(rows: string[][]): string[][] {
  const width = Math.max(...rows.map((row) => row.length));
  return rows.map((row) => padRow(row, width));
}

function padRow(row: string[], width: number): string[] {
  return row.length >= width ? row.slice(0, width) : [...row, ...new Array<string>(width - row.length).fill("")];
}

/** A version's content in the shape the director writes, to send with a change: the title heading leads. */
export function contentToDraft(content: VersionContent, title: string): DraftOutput {
  const assumptions = content.assumptions;
  if (content.kind === "sheet") return { title, sections: [], sheet: content.sheet, assumptions };
  const sections: DraftSection[] = [];
  const blocks = docToOutline(content.doc);
  // The title heading the draft began with is the title, not a section.
  if (blocks[0]?.type === "heading" && blocks[0].level === 1) blocks.shift();
  for (const block of blocks) {
    if (block.type === "heading") {
      sections.push({ heading: block.text, blocks: [] });
      continue;
    }
    if (sections.length === 0) sections.push({ heading: title, blocks: [] });
    sections.at(-1)?.blocks.push(draftBlockOf(block));
  }
  return { title, sections, sheet: null, assumptions };
}

function draftBlockOf(block: Exclude<OutlineBlock, { type: "heading" }>): DraftSection["blocks"][number] {
  const empty = { text: "", items: [], rows: [] };
  if (block.type === "paragraph") return { ...empty, type: "paragraph", text: block.text };
  if (block.type === "table") return { ...empty, type: "table", rows: block.rows };
  return { ...empty, type: block.type, items: block.items };
}

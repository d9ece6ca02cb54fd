import { z } from "zod";
import type { AnswerSource } from "./answer-sources";
import type { AnswerAuthor } from "./chat";
import type { DirectorId } from "./directors";
import type { ErrorCode } from "./errors";
import { ownerText } from "./validation";

/**
 * Documents and spreadsheets the directors draft (issue 41): the kinds each director offers, the content a version
 * holds, and the bodies the browser sends. Shared by the server (drafting, storage, export) and the browser (the
 * "New document" menu, the editor, the library).
 */

/** Rich documents (headings, paragraphs, lists, tables) or spreadsheets (rows and columns, with formulas). */
export type DocumentContentKind = "rich" | "sheet";
export type DocumentStatus = "drafting" | "complete" | "incomplete";
export type DocumentAuthor = "owner" | "director";

export type DocumentKind = {
  id: string;
  /** The director who drafts it, or the board. */
  directorId: DirectorId | "board";
  name: string;
  contentKind: DocumentContentKind;
  /** What the director is asked to draft, in the owner's words. */
  brief: string;
};

/** The kinds in the "New document" menu, a few per director. */
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  {
    id: "campaign-plan",
    directorId: "martha",
    name: "One-month campaign plan",
    contentKind: "rich",
    brief:
      "A one-month campaign plan for our best-selling product: goal, audience, channels, weekly actions, budget and how we measure it.",
  },
  {
    id: "social-calendar",
    directorId: "martha",
    name: "Four-week social calendar",
    contentKind: "sheet",
    brief:
      "A four-week social media calendar: one row per post with week, day, channel, topic, format and call to action.",
  },
  {
    id: "cash-flow-forecast",
    directorId: "finn",
    name: "13-week cash-flow forecast",
    contentKind: "sheet",
    brief:
      "A 13-week cash-flow forecast: one column per week; opening balance, cash in, cash out and a closing balance that is opening + in − out, carried to the next week's opening.",
  },
  {
    id: "monthly-budget",
    directorId: "finn",
    name: "Monthly budget",
    contentKind: "sheet",
    brief:
      "A monthly budget: one row per income or cost line with budget, actual and difference (a formula), and totals.",
  },
  {
    id: "standard-operating-procedure",
    directorId: "ollie",
    name: "Standard operating procedure",
    contentKind: "rich",
    brief:
      "A standard operating procedure for our most frequent task: purpose, who does it, numbered steps, checks and what to do when something goes wrong.",
  },
  {
    id: "opening-checklist",
    directorId: "ollie",
    name: "Opening checklist",
    contentKind: "rich",
    brief: "An opening checklist for the start of a working day, grouped by area, each item short enough to tick off.",
  },
  {
    id: "job-description",
    directorId: "harper",
    name: "Job description",
    contentKind: "rich",
    brief:
      "A job description for the role we most need to hire: purpose, responsibilities, skills, pay and how to apply.",
  },
  {
    id: "first-week-plan",
    directorId: "harper",
    name: "First-week plan for a new hire",
    contentKind: "rich",
    brief: "A first-week plan for a new hire: day by day, who they meet, what they learn and what they do.",
  },
  {
    id: "follow-up-sequence",
    directorId: "sam",
    name: "Follow-up email sequence",
    contentKind: "rich",
    brief: "A follow-up email sequence for a lead who has not replied: each email's day, subject line and text.",
  },
  {
    id: "objection-handling",
    directorId: "sam",
    name: "Objection handling sheet",
    contentKind: "sheet",
    brief:
      "An objection handling sheet: one row per objection customers raise, with what it really means and how to answer it.",
  },
  {
    id: "partnership-proposal",
    directorId: "ben",
    name: "Partnership proposal",
    contentKind: "rich",
    brief:
      "A partnership proposal to a business that serves the same customers: what we offer, what we ask, how we measure it.",
  },
  {
    id: "swot",
    directorId: "ben",
    name: "SWOT analysis",
    contentKind: "rich",
    brief:
      "A SWOT analysis of the business: strengths, weaknesses, opportunities and threats, each with what to do about it.",
  },
  {
    id: "decision-memo",
    directorId: "board",
    name: "Decision memo",
    contentKind: "rich",
    brief:
      "A decision memo on the biggest decision in front of the business: the options, what each costs, the risks and the recommendation.",
  },
];

/** A document the owner describes in their own words. */
export const CUSTOM_KIND = "custom";

export function findDocumentKind(id: string): DocumentKind | undefined {
  return DOCUMENT_KINDS.find((kind) => kind.id === id);
}

export function documentKindsFor(directorId: string): DocumentKind[] {
  return DOCUMENT_KINDS.filter((kind) => kind.directorId === directorId);
}

// ---- Content ----

/**
 * A rich document as the editor keeps it: a ProseMirror document in JSON (doc → heading, paragraph, bulletList,
 * orderedList, table…). Citations stay in the text as [n].
 */
export type RichNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichNode[];
  text?: string;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
};

/** How a column's numbers are shown and exported. */
export const CELL_FORMATS = ["text", "number", "currency", "percent"] as const;
export type CellFormat = (typeof CELL_FORMATS)[number];

/**
 * A spreadsheet: named columns and rows of cells. A cell is text, a number written as text ("1200.50"), or a formula
 * starting with "=" in A1 notation, where row 1 is the header row (so the first row of data is row 2).
 */
export type Sheet = {
  columns: Array<{ header: string; format: CellFormat }>;
  rows: string[][];
};

export type DocumentBody = { kind: "rich"; doc: RichNode } | { kind: "sheet"; sheet: Sheet };

/** A figure the director had to assume: "Average order £38", why, and the value it used. */
export type Assumption = { text: string; value: string; why: string };

/** One version's whole content: the body, the assumptions listed apart, and the blocks its citations point to. */
export type VersionContent = DocumentBody & { assumptions: Assumption[]; sources: AnswerSource[] };

export type DocumentSummary = {
  id: string;
  directorId: AnswerAuthor;
  kind: string;
  title: string;
  contentKind: DocumentContentKind;
  status: DocumentStatus;
  errorCode: ErrorCode | null;
  currentVersion: number;
  shared: boolean;
  createdAt: string;
  updatedAt: string;
};

export type DocumentVersionSummary = {
  number: number;
  author: DocumentAuthor;
  note: string;
  createdAt: string;
};

export type DocumentView = DocumentSummary & {
  content: VersionContent | null;
  versions: DocumentVersionSummary[];
  shareToken: string | null;
};

/** What a read-only link shows: the current version without its sources or citation markers. */
export type SharedDocument = {
  title: string;
  directorId: AnswerAuthor;
  body: DocumentBody;
  assumptions: Assumption[];
};

/** What drafting streams to the browser, one JSON object per line. */
export type DraftEvent =
  | { type: "created"; document: DocumentSummary }
  /** The part written so far, whole sections (or rows) only. */
  | { type: "partial"; body: DocumentBody }
  | { type: "end"; document: DocumentView };

// ---- Request bodies ----

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 2000;
export const DOCUMENT_CHANGE_MAX = 1000;

const titleSchema = ownerText({ error: "Please give the document a title." })
  .trim()
  .min(1, { error: "Please give the document a title." })
  .max(DOCUMENT_TITLE_MAX, { error: `Please keep the title under ${DOCUMENT_TITLE_MAX} characters.` });

/**
 * POST /api/documents: a kind from the menu, the owner's own description, or an answer to turn into a document
 * ("Make this a document"); the director (or the board) drafts it.
 */
export const createDocumentSchema = z
  .object({
    directorId: z.string().min(1).max(20),
    kind: z.string().min(1).max(60),
    description: ownerText()
      .trim()
      .max(DOCUMENT_DESCRIPTION_MAX, {
        error: `Please keep the description under ${DOCUMENT_DESCRIPTION_MAX.toLocaleString("en-US")} characters.`,
      })
      .optional(),
    contentKind: z.enum(["rich", "sheet"]).optional(),
    fromMessageId: z.uuid().optional(),
  })
  .refine((body) => body.kind !== CUSTOM_KIND || body.fromMessageId || (body.description ?? "").length > 0, {
    error: "Please describe the document you want.",
    path: ["description"],
  });
export type CreateDocumentInput = z.infer<typeof createDocumentSchema>;

const richNodeSchema: z.ZodType<RichNode> = z.lazy(() =>
  z.object({
    type: z.string().max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(richNodeSchema).optional(),
    text: z.string().optional(),
    marks: z
      .array(z.object({ type: z.string().max(40), attrs: z.record(z.string(), z.unknown()).optional() }))
      .optional(),
  }),
);

/**
 * How deep a rich document's JSON may nest: each node is two levels (itself and its content list), and the editor's
 * deepest (a table's cell in a list in a list) is about twenty.
 */
export const DOCUMENT_MAX_DEPTH = 120;

/** Whether a JSON value nests no deeper than `max`, found without recursion, so a hostile body cannot exhaust the stack. */
function nestsWithin(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth > max) return false;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return true;
}

/** A rich document's JSON, its depth checked before its shape (which is checked recursively). */
const richDocSchema = z
  .custom<unknown>((value) => nestsWithin(value, DOCUMENT_MAX_DEPTH), { error: "This document is nested too deeply." })
  .pipe(richNodeSchema);

export const sheetSchema = z.object({
  columns: z.array(z.object({ header: z.string().max(200), format: z.enum(CELL_FORMATS) })).max(100),
  rows: z.array(z.array(z.string().max(2000)).max(100)).max(2000),
});

export const documentBodySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("rich"), doc: richDocSchema }),
  z.object({ kind: z.literal("sheet"), sheet: sheetSchema }),
]);

/** PUT /api/documents/:id/content: the owner's edit, made on `baseVersion`; a stale base is refused (409). */
export const saveDocumentSchema = z.object({
  baseVersion: z.number().int().min(0),
  body: documentBodySchema,
});

/** POST /api/documents/:id/change: ask the director to change the selected passage or range. */
export const changeDocumentSchema = z.object({
  baseVersion: z.number().int().min(0),
  selection: ownerText().trim().max(20_000).default(""),
  instruction: ownerText({ error: "Please say what to change." })
    .trim()
    .min(1, { error: "Please say what to change." })
    .max(DOCUMENT_CHANGE_MAX, {
      error: `Please keep it under ${DOCUMENT_CHANGE_MAX.toLocaleString("en-US")} characters.`,
    }),
});

/** PATCH /api/documents/:id: rename. */
export const renameDocumentSchema = z.object({ title: titleSchema });

/** POST /api/documents/:id/restore: a new version with an earlier one's content. */
export const restoreVersionSchema = z.object({ baseVersion: z.number().int().min(0), number: z.number().int().min(1) });

/** POST /api/documents/:id/assumptions/:index: the real value of an assumed figure, kept as a remembered fact. */
export const assumptionValueSchema = z.object({
  value: ownerText({ error: "Please write the real value." })
    .trim()
    .min(1, { error: "Please write the real value." })
    .max(500, { error: "Please keep it under 500 characters." }),
});

export const EXPORT_FORMATS = ["docx", "pdf", "xlsx", "csv", "md"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Which formats a content kind exports to. */
export function exportFormatsFor(contentKind: DocumentContentKind): ExportFormat[] {
  return contentKind === "rich" ? ["docx", "pdf", "md"] : ["xlsx", "csv", "md"];
}

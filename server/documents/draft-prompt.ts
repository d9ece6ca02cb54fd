import type { ModelMessage } from "ai";
import type { DocumentContentKind } from "../../shared/documents";
import { type BusinessContext, formatBusinessContext, formatUserTurn } from "../ai/chat-prompt";
import { PERSONAS } from "../ai/personas";
import type { Drafter } from "./document-context";

/**
 * What the director is asked when drafting: its persona and the rules of a document, then the owner's turn in the
 * chat's shape ("Context about my business:" with the numbered blocks, then the request), so a document is grounded
 * and cited exactly as an answer is.
 */

const DOCUMENT_RULES = `You are now writing a finished document for the owner, not advice about one. Reply with one JSON object only.
- "title": the document's title.
- For a document: "sections", each a heading and its blocks (paragraphs, bullet or numbered lists, tables whose first row is the header); "sheet" is null.
- For a spreadsheet: "sheet" with its columns (header and number format: text, number, currency or percent) and rows; "sections" is empty. Row 1 is the header row, so the first row of data is row 2. Where a value follows from others, write a real formula in A1 notation (a closing balance is opening + in − out, such as "=B2+B3-B4"; next week's opening is this week's closing, such as "=B5"), and totals with SUM.
- Every figure or claim that comes from a numbered block cites it inline by its number, like [2].
- Every figure you had to assume because the blocks do not give it goes in "assumptions": the text as it reads in the document ("Average order £38"), the value you used ("£38") and why ("not in your data"). Never present an assumed figure as the owner's.`;

export const BOARD_DRAFTER =
  "You are the owner's board of directors, writing together as one. You weigh marketing, finance, operations, people, sales and business development, and say where they pull in different directions.";

export function buildDraftPrompt(input: {
  drafter: Drafter;
  contentKind: DocumentContentKind;
  /** What to draft: the kind's brief or the owner's description. */
  brief: string;
  /** The answer the document is made from ("Make this a document"). */
  answer?: string;
  context: BusinessContext | undefined;
}): { system: string; messages: ModelMessage[] } {
  const persona = input.drafter.boardDocument ? BOARD_DRAFTER : PERSONAS[input.drafter.director.id];
  const what = input.contentKind === "sheet" ? "spreadsheet" : "document";
  const request = [
    `Please draft this ${what}: ${input.brief}`,
    input.answer ? `Make it from your earlier answer, keeping its substance and its citations:\n${input.answer}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const context = input.context ? formatBusinessContext(input.context) : undefined;
  return {
    system: `${persona}\n\n${DOCUMENT_RULES}`,
    messages: [{ role: "user", content: formatUserTurn(request, context) }],
  };
}

/** Asking for a change to a selected passage or range: the whole document goes with it, and the whole comes back. */
export function buildChangePrompt(input: {
  drafter: Drafter;
  contentKind: DocumentContentKind;
  current: unknown;
  selection: string;
  instruction: string;
  context: BusinessContext | undefined;
}): { system: string; messages: ModelMessage[] } {
  const persona = input.drafter.boardDocument ? BOARD_DRAFTER : PERSONAS[input.drafter.director.id];
  const request = [
    "Please change this document as I ask, and give it back whole, in the same JSON shape. Change only what I ask; keep everything else as it is, citations included.",
    input.selection ? `The part I selected:\n<<<\n${input.selection}\n>>>` : "The change is to the whole document.",
    `What to change: ${input.instruction}`,
    `The document now (JSON):\n${JSON.stringify(input.current)}`,
  ].join("\n\n");
  const context = input.context ? formatBusinessContext(input.context) : undefined;
  return {
    system: `${persona}\n\n${DOCUMENT_RULES}`,
    messages: [{ role: "user", content: formatUserTurn(request, context) }],
  };
}

import type { DocumentBody, VersionContent } from "../../shared/documents";
import { isoDay } from "../../shared/memory";
import type { BusinessContext } from "../ai/chat-prompt";
import type { ContextBlock } from "../ai/context-blocks";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { requireDrafter } from "./document-context";
import { requireVersionFits, throttleDocumentRequests } from "./document-limits";
import { addVersion, type DocumentRow, readVersion, shownDocumentStatus } from "./document-store";
import { versionOf } from "./draft-document";
import { buildChangePrompt } from "./draft-prompt";
import { contentToDraft } from "./draft-schema";
import { writeDraft } from "./write-draft";

/**
 * Every change to a document is a new version made on the version it started from: the owner's own edits, a change
 * the director was asked for, an earlier version restored. A change made on a version that is no longer current is
 * refused (409) and stores nothing; the browser keeps what the owner typed.
 */

/** The current version's content, which every change starts from; none while the first draft is being written. */
async function currentContent(deps: AppDeps, row: DocumentRow, baseVersion: number): Promise<VersionContent> {
  if (shownDocumentStatus(row, deps.now()).status === "drafting") throw new AppError("conflict:document_drafting");
  if (row.currentVersion !== baseVersion) throw new AppError("conflict:document_version");
  if (row.currentVersion === 0) throw new AppError("bad_request:api", { message: "This document has no draft yet." });
  return readVersion(deps.db, row.userId, row.id, row.currentVersion);
}

/** Stores a change as the document's next version, made on the version it started from. */
function storeChange(
  deps: AppDeps,
  row: DocumentRow,
  baseVersion: number,
  change: { content: VersionContent; author: "owner" | "director"; note: string },
) {
  return addVersion(deps.db, { userId: row.userId, documentId: row.id, baseVersion, ...change, now: deps.now() });
}

/** The owner's edit of the text or the cells; assumptions and sources carry over. */
export async function saveEdit(deps: AppDeps, row: DocumentRow, input: { baseVersion: number; body: DocumentBody }) {
  if (input.body.kind !== row.contentKind) {
    throw new AppError("validation:document", { fields: { body: "This content does not fit this document." } });
  }
  const current = await currentContent(deps, row, input.baseVersion);
  const content: VersionContent = { ...input.body, assumptions: current.assumptions, sources: current.sources };
  await requireVersionFits(deps, row.userId, content);
  return storeChange(deps, row, input.baseVersion, { content, author: "owner", note: "Edited" });
}

/** An earlier version's content as the newest version ("Restored version 2"); nothing is lost, it is one more. */
export async function restoreVersion(deps: AppDeps, row: DocumentRow, input: { baseVersion: number; number: number }) {
  await currentContent(deps, row, input.baseVersion);
  const content = await readVersion(deps.db, row.userId, row.id, input.number);
  return storeChange(deps, row, input.baseVersion, {
    content,
    author: "owner",
    note: `Restored version ${input.number}`,
  });
}

/**
 * The director changes the selected passage (or range) as asked ("shorter", "add a row for VAT"), with the same
 * context a draft has, and gives the document back whole; it is checked as a draft is and stored as a new version.
 */
export async function changeDocument(
  deps: AppDeps,
  log: Logger,
  row: DocumentRow,
  input: { baseVersion: number; selection: string; instruction: string },
) {
  const current = await currentContent(deps, row, input.baseVersion);
  const drafter = await requireDrafter(deps, row.userId, row.directorId);
  if (!deps.ai.chat) throw new AppError("ai:not_configured");
  await throttleDocumentRequests(deps, row.userId);
  const context = citedContext(current, deps.now());
  const prompt = buildChangePrompt({
    drafter,
    contentKind: row.contentKind,
    current: contentToDraft(current, row.title),
    selection: input.selection,
    instruction: input.instruction,
    context,
  });
  const result = await writeDraft(deps.ai, {
    prompt,
    contentKind: row.contentKind,
    signal: new AbortController().signal,
    log,
  });
  if ("failed" in result) throw new AppError(result.failed);
  const content = versionOf(result.draft, row.contentKind, context?.blocks ?? []);
  await requireVersionFits(deps, row.userId, content);
  return storeChange(deps, row, input.baseVersion, {
    content,
    author: "director",
    note: `Changed: ${input.instruction.slice(0, 80)}`,
  });
}

/**
 * The blocks the current version was drafted with, numbered as they were: the document's [n] keep pointing at the
 * same excerpts after the change.
 */
function citedContext(current: VersionContent, now: Date): BusinessContext | undefined {
  if (current.sources.length === 0) return undefined;
  const blocks: ContextBlock[] = current.sources.map(({ cited: _cited, state: _state, ...block }) => block);
  return { profile: undefined, trainingAnswers: undefined, facts: [], today: isoDay(now), pieces: [], blocks };
}

import { citedNumbers } from "../../shared/answer-sources";
import { docToOutline, outlineLines } from "../../shared/document-outline";
import {
  type CreateDocumentInput,
  CUSTOM_KIND,
  type DocumentBody,
  type DraftEvent,
  findDocumentKind,
  type VersionContent,
} from "../../shared/documents";
import type { ContextBlock } from "../ai/context-blocks";
import { findMessage } from "../chat/conversations";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { getPlanStatus } from "../plans/plan-status";
import { type Drafter, documentContext, requireDrafter } from "./document-context";
import { requireRoomForDocument, throttleDocumentRequests, versionBytes } from "./document-limits";
import {
  addVersion,
  type DocumentRow,
  documentView,
  insertDocument,
  markDrafting,
  markIncomplete,
  requireDocument,
  shownDocumentStatus,
  toDocumentSummary,
  touchDocument,
} from "./document-store";
import { buildDraftPrompt } from "./draft-prompt";
import { assumptionsOf, type DraftOutput, draftBody } from "./draft-schema";
import { ndjsonResponse } from "./ndjson-response";
import { type PartialDraft, writeDraft } from "./write-draft";

/**
 * A document drafted by a director: checked and stored as "drafting" first, then written while the browser follows
 * section by section. The drafting goes on to its end whether or not the browser stays; a reload reads the stored
 * document (still drafting, finished, or incomplete with its error and a Retry). A drafting whose process died
 * shows as incomplete once its heartbeat stops (DRAFT_STALE_MS).
 */

/** How often a drafting says it is still alive. */
const HEARTBEAT_MS = 10_000;

/** What the drafting is asked, kept on the document for a Retry. */
type DraftRequest = { brief: string; answer?: string; fromMessageId?: string };

export type DraftingCaller = { userId: string; log: Logger };

/** POST /api/documents: a new document, drafted. */
export async function startDocument(deps: AppDeps, caller: DraftingCaller, input: CreateDocumentInput) {
  const drafter = await requireDrafter(deps, caller.userId, input.directorId);
  const kind = input.kind === CUSTOM_KIND ? undefined : findDocumentKind(input.kind);
  if (input.kind !== CUSTOM_KIND && (!kind || kind.directorId !== input.directorId)) {
    throw new AppError("validation:document", {
      fields: { kind: "This director does not draft that kind of document." },
    });
  }
  await requireRoomForDocument(deps, caller.userId);
  if (!deps.ai.chat) throw new AppError("ai:not_configured");
  await throttleDocumentRequests(deps, caller.userId);
  const answer = input.fromMessageId ? await answerText(deps, caller.userId, input.fromMessageId) : undefined;
  const contentKind = kind?.contentKind ?? input.contentKind ?? "rich";
  const request: DraftRequest = {
    brief: [kind?.brief, input.description].filter(Boolean).join(" ") || "A document made from this answer.",
    ...(answer ? { answer, fromMessageId: input.fromMessageId } : {}),
  };
  const row = await insertDocument(deps.db, {
    userId: caller.userId,
    directorId: input.directorId,
    kind: kind?.id ?? CUSTOM_KIND,
    title: kind?.name ?? (input.description ? titleFrom(input.description) : workingTitle(drafter)),
    contentKind,
    request,
    now: deps.now(),
  });
  caller.log.info({ documentId: row.id, kind: row.kind }, "document drafting started");
  return draftingResponse(deps, caller, row, drafter);
}

/** POST /api/documents/:id/retry: an incomplete drafting, drafted again from what was asked. */
export async function retryDocument(deps: AppDeps, caller: DraftingCaller, id: string) {
  const row = await requireDocument(deps.db, caller.userId, id);
  if (shownDocumentStatus(row, deps.now()).status === "drafting") throw new AppError("conflict:document_drafting");
  if (row.status === "complete")
    throw new AppError("bad_request:api", { message: "This document is already drafted." });
  const drafter = await requireDrafter(deps, caller.userId, row.directorId);
  if (!deps.ai.chat) throw new AppError("ai:not_configured");
  await throttleDocumentRequests(deps, caller.userId);
  await markDrafting(deps.db, caller.userId, row.id, deps.now());
  return draftingResponse(
    deps,
    caller,
    { ...row, status: "drafting", errorCode: null, updatedAt: deps.now() },
    drafter,
  );
}

/** The drafting as one JSON event per line: the document, the whole sections as they come, the stored end. */
function draftingResponse(deps: AppDeps, caller: DraftingCaller, row: DocumentRow, drafter: Drafter): Response {
  return ndjsonResponse<DraftEvent>((emit) => {
    emit({ type: "created", document: toDocumentSummary(row, deps.now()) });
    const drafting = draft(deps, caller, row, drafter, (body) => emit({ type: "partial", body })).then(async () =>
      emit({
        type: "end",
        document: await documentView(deps.db, await requireDocument(deps.db, caller.userId, row.id), deps.now()),
      }),
    );
    deps.answers.track(drafting);
    return drafting;
  });
}

/** The drafting itself: the owner's context, the model's draft, and the version stored (or the document marked). */
async function draft(
  deps: AppDeps,
  caller: DraftingCaller,
  row: DocumentRow,
  drafter: Drafter,
  onPartial: (body: DocumentBody) => void,
): Promise<void> {
  const { log } = caller;
  const heartbeat = setInterval(() => {
    touchDocument(deps.db, row.id, deps.now()).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const request = row.request as DraftRequest;
    const context = await documentContext(
      deps,
      { userId: caller.userId, director: drafter.director, request: `${request.brief}\n${request.answer ?? ""}` },
      log,
    );
    const prompt = buildDraftPrompt({
      drafter,
      contentKind: row.contentKind,
      brief: request.brief,
      answer: request.answer,
      context,
    });
    const result = await writeDraft(deps.ai, {
      prompt,
      contentKind: row.contentKind,
      onPartial: (partial: PartialDraft) => onPartial(draftBody(partial, row.contentKind)),
      signal: new AbortController().signal,
      log,
    });
    if ("failed" in result) {
      await markIncomplete(deps.db, row.id, result.failed, deps.now());
      return;
    }
    const content = versionOf(result.draft, row.contentKind, context?.blocks ?? []);
    const allowance = (await getPlanStatus(deps, caller.userId))?.plan.documents.bytes ?? 0;
    if (versionBytes(content) > allowance) {
      await markIncomplete(deps.db, row.id, "documents:too_large", deps.now());
      return;
    }
    await addVersion(deps.db, {
      userId: caller.userId,
      documentId: row.id,
      baseVersion: row.currentVersion,
      content,
      author: "director",
      note: "Drafted",
      now: deps.now(),
      status: "complete",
      ...(row.kind === CUSTOM_KIND ? { title: result.draft.title.slice(0, 200) } : {}),
    });
    log.info(
      { documentId: row.id, sources: content.sources.filter((source) => source.cited).length },
      "document drafted",
    );
  } catch (error) {
    log.error({ err: error, documentId: row.id }, "document drafting failed");
    await markIncomplete(deps.db, row.id, "documents:draft_incomplete", deps.now()).catch(() => {});
  } finally {
    clearInterval(heartbeat);
  }
}

/** A checked draft as a version: its body, its assumptions, and every block it was sent with whether it cites it. */
export function versionOf(
  draft: DraftOutput,
  contentKind: DocumentBody["kind"],
  blocks: ContextBlock[],
): VersionContent {
  const body = draftBody(draft, contentKind);
  const cited = new Set(citedNumbers(bodyText(body)));
  return {
    ...body,
    assumptions: assumptionsOf(draft),
    sources: blocks.map((block) => ({ ...block, cited: cited.has(block.n) })),
  };
}

/** A body's text, where its citations are found. */
export function bodyText(body: DocumentBody): string {
  if (body.kind === "rich") return outlineLines(docToOutline(body.doc)).join("\n");
  return body.sheet.rows.map((row) => row.join("\t")).join("\n");
}

async function answerText(deps: AppDeps, userId: string, messageId: string): Promise<string> {
  const message = await findMessage(deps.db, userId, messageId);
  if (message?.sender !== "ai" || message.content.trim() === "") throw new AppError("not_found:conversation");
  return message.content;
}

/** A document made from an answer, until the director names it. */
function workingTitle(drafter: Drafter): string {
  return drafter.boardDocument ? "From the board's answer" : `From ${drafter.director.name}'s answer`;
}

/** A custom document's working title until the director names it: the first words of what was asked. */
function titleFrom(text: string): string {
  const words = text.replace(/\s+/g, " ").trim().split(" ").slice(0, 8).join(" ");
  return words.length > 0 ? words.slice(0, 120) : "New document";
}

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { KnowledgeFailure, KnowledgeFormat, KnowledgeStatus } from "../../shared/knowledge";
import { embedSourcePieces, replaceSourcePieces } from "../ai/context-index";
import { AiError } from "../ai/retry";
import type { Database } from "../db/client";
import { indexLargeOwnerText } from "../db/owner-text-index";
import { knowledgeOriginals, knowledgeSources } from "../db/schema";
import type { AppDeps } from "../deps";
import { fetchPage } from "../fetch/readable-page";
import { SafeFetchError, type SafeFetchFailure } from "../fetch/safe-fetch";
import { defineJob, type JobContext } from "../jobs/define-job";
import { extractInChild, readingLimitsOf } from "./extract/extract-in-child";
import { extractSource, type ReadSource } from "./extract/extract-source";
import { ExtractionError } from "./extract/extracted";

/** Pieces embedded between two progress updates: two of the spec's batches of 512, one per slot in flight. */
const EMBED_SLICE = 1024;
/**
 * Runs that may start reading one source. A run that finds its source still "reading" follows one that never
 * finished (the reading process crashed, or the server itself stopped): after this many, the file is given up on
 * rather than read again and again, whatever it does to the process that reads it.
 */
const READ_ATTEMPTS = 2;

/**
 * Reads one knowledge source and puts it in the context index: fetch the web
 * page (if it is one) → extract its text → pieces (full-text searchable at
 * once) → embeddings → ready. A source that cannot be read fails with a
 * reason and is not retried; while the AI service is down the source waits
 * ("Waiting for the AI service") and the job is retried with backoff, so it
 * finishes by itself. Reading is tried READ_ATTEMPTS times at most. Each run
 * takes the source with a new token: a run that finds another token (a newer
 * run took over, or the source was deleted) stops writing.
 */
export const ingestSourceJob = defineJob<{ sourceId: string; refetch?: boolean }, AppDeps>({
  name: "ingest-source",
  policy: { retryLimit: 14, retryDelaySeconds: 15, expireInSeconds: 15 * 60, concurrency: 2 },
  async run(deps, data, context) {
    const run = await claim(deps.db, data.sourceId, deps.now());
    if (!run) return;
    if (run.source.status === "reading" && context.attempt >= READ_ATTEMPTS) {
      context.log.warn(
        { sourceId: run.source.id, attempts: context.attempt },
        "knowledge source never finished reading",
      );
      await run.set({ status: "failed", failure: "internal" }).catch(() => undefined);
      return;
    }
    try {
      await ingest(deps, run, data, context);
    } catch (error) {
      if (error instanceof Superseded) return;
      if (error instanceof AiError) {
        await run.set({
          status: context.lastAttempt ? "failed" : "waiting_ai",
          failure: context.lastAttempt ? "ai_unavailable" : null,
        });
        if (context.lastAttempt) return;
        throw error;
      }
      if (context.lastAttempt) await run.set({ status: "failed", failure: "internal" }).catch(() => undefined);
      throw error;
    }
  },
});

type Run = {
  source: typeof knowledgeSources.$inferSelect;
  /** Updates the source while this run still owns it; throws Superseded otherwise. */
  set(values: Partial<typeof knowledgeSources.$inferInsert>): Promise<void>;
};

class Superseded extends Error {}

async function claim(db: Database, sourceId: string, now: Date): Promise<Run | undefined> {
  const token = randomUUID();
  const [source] = await db
    .update(knowledgeSources)
    .set({ runToken: token, updatedAt: now })
    .where(and(eq(knowledgeSources.id, sourceId), sql`${knowledgeSources.status} not in ('ready', 'failed')`))
    .returning();
  if (!source) return undefined;
  return {
    source,
    async set(values) {
      const updated = await db
        .update(knowledgeSources)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.runToken, token)))
        .returning({ id: knowledgeSources.id });
      if (updated.length === 0) throw new Superseded();
    },
  };
}

async function ingest(deps: AppDeps, run: Run, data: { refetch?: boolean }, context: JobContext) {
  const { source } = run;
  const alreadyRead: KnowledgeStatus[] = ["indexing", "waiting_ai"];
  let total = source.piecesTotal;
  if (!alreadyRead.includes(source.status) || data.refetch) {
    const stored = await readSource(deps, run, data.refetch === true);
    if (stored === undefined) return;
    total = stored;
  }
  await run.set({ status: "indexing", failure: null });
  if (embedsPieces(deps)) {
    await embedSourcePieces(deps, source.id, {
      sliceSize: EMBED_SLICE,
      onProgress: (done) => run.set({ piecesDone: done }),
    });
  }
  await indexLargeOwnerText(deps.db, source.userId);
  await run.set({ status: "ready", readyAt: deps.now(), piecesDone: total });
  context.log.info({ sourceId: source.id }, "knowledge source ready");
}

/** Extracts the text and stores the pieces; their count, or undefined when the source failed for a reason the owner can read. */
async function readSource(deps: AppDeps, run: Run, refetch: boolean): Promise<number | undefined> {
  const { source } = run;
  await run.set({ status: "reading", failure: null, piecesDone: 0, piecesTotal: 0 });
  let bytes: Uint8Array;
  const updates: Partial<typeof knowledgeSources.$inferInsert> = {};
  try {
    const [original] = await deps.db
      .select({ bytes: knowledgeOriginals.bytes })
      .from(knowledgeOriginals)
      .where(eq(knowledgeOriginals.sourceId, source.id));
    if (source.kind === "web" && (refetch || !original)) {
      const page = await fetchPage(source.url ?? "", { allowPrivate: deps.env.URL_IMPORT_ALLOW_PRIVATE });
      bytes = page.html;
      updates.finalUrl = page.finalUrl;
      updates.sizeBytes = page.html.length;
      await deps.db
        .insert(knowledgeOriginals)
        .values({
          sourceId: source.id,
          userId: source.userId,
          fileName: "page.html",
          contentType: "text/html",
          bytes: page.html,
        })
        .onConflictDoUpdate({ target: knowledgeOriginals.sourceId, set: { bytes: page.html } });
    } else if (original) {
      bytes = original.bytes;
    } else {
      throw new Error("the original is missing");
    }
    const read = await readText(deps, source.format, bytes);
    if (read.pieces.length === 0) throw new ExtractionError("no_text");
    // A page keeps the name the owner gave it; the address it was added by gives way to the page's title.
    if (source.kind === "web" && read.title && source.name === source.url) updates.name = read.title.slice(0, 200);
    const { pieces } = read;
    // Not in one transaction, which would hold the embedded database from every other request while thousands of
    // pieces go in: before each slice, waiting requests go first, then this run checks it still owns the source.
    const between = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await run.set({});
    };
    const piecesOf = { userId: source.userId, sourceId: source.id, pieces, createdAt: deps.now() };
    await replaceSourcePieces(deps.db, piecesOf, between);
    await run.set({
      ...updates,
      pageCount: read.pageCount ?? null,
      rowCount: read.rowCount ?? null,
      truncated: read.truncated,
      extractedText: read.sections.map((section) => section.text).join("\n\n"),
      piecesTotal: pieces.length,
      piecesDone: embedsPieces(deps) ? 0 : pieces.length,
    });
    return pieces.length;
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    await run.set({ ...updates, status: "failed", failure });
    return undefined;
  }
}

/** A file or page is read in the reading process; a note, short and typed by the owner, here. */
function readText(deps: AppDeps, format: KnowledgeFormat, bytes: Uint8Array): Promise<ReadSource> {
  if (format === "note") return extractSource(format, bytes);
  return extractInChild(format, bytes, readingLimitsOf(deps.env));
}

/** Pieces are embedded with an embedding model and where the database has pgvector; otherwise full text finds them. */
function embedsPieces(deps: AppDeps): boolean {
  return Boolean(deps.ai.embedding) && deps.database.vectors.available;
}

function failureOf(error: unknown): KnowledgeFailure | undefined {
  if (error instanceof ExtractionError) return error.failure;
  if (error instanceof SafeFetchError) return URL_FAILURES[error.failure];
  return undefined;
}

const URL_FAILURES: Record<SafeFetchFailure, KnowledgeFailure> = {
  invalid_url: "url_unreachable",
  not_found: "url_not_found",
  private_address: "url_private",
  http_error: "url_http_error",
  unexpected_type: "url_not_html",
  too_large: "url_too_large",
  redirect_loop: "url_redirect_loop",
  timeout: "url_timeout",
  unreachable: "url_unreachable",
};

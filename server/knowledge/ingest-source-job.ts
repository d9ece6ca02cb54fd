import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { KnowledgeFailure, KnowledgeStatus } from "../../shared/knowledge";
import { embedSourcePieces, replaceSourcePieces } from "../ai/context-index";
import { AiError } from "../ai/retry";
import type { Database } from "../db/client";
import { knowledgeOriginals, knowledgeSources } from "../db/schema";
import type { AppDeps } from "../deps";
import { fetchReadablePage } from "../fetch/readable-page";
import { SafeFetchError, type SafeFetchFailure } from "../fetch/safe-fetch";
import { defineJob, type JobContext } from "../jobs/define-job";
import { chunkSections } from "./chunk-text";
import { extractSource } from "./extract/extract-source";
import { ExtractionError } from "./extract/extracted";

/** Pieces embedded between two progress updates: two of the spec's batches of 512, one per slot in flight. */
const EMBED_SLICE = 1024;

/**
 * Reads one knowledge source and puts it in the context index: fetch the web
 * page (if it is one) → extract its text → pieces (full-text searchable at
 * once) → embeddings → ready. A source that cannot be read fails with a
 * reason and is not retried; while the AI service is down the source waits
 * ("Waiting for the AI service") and the job is retried with backoff, so it
 * finishes by itself. Each run takes the source with a new token: a run that
 * finds another token (a newer run took over, or the source was deleted)
 * stops writing.
 */
export const ingestSourceJob = defineJob<{ sourceId: string; refetch?: boolean }, AppDeps>({
  name: "ingest-source",
  policy: { retryLimit: 14, retryDelaySeconds: 15, expireInSeconds: 15 * 60, concurrency: 2 },
  async run(deps, data, context) {
    const run = await claim(deps.db, data.sourceId, deps.now());
    if (!run) return;
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
      const page = await fetchReadablePage(source.url ?? "", { allowPrivate: deps.env.URL_IMPORT_ALLOW_PRIVATE });
      bytes = page.html;
      updates.finalUrl = page.finalUrl;
      updates.sizeBytes = page.html.length;
      // A page keeps the name the owner gave it; the address it was added by gives way to the page's title.
      if (page.title && source.name === source.url) updates.name = page.title.slice(0, 200);
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
    const extracted = await extractSource(source.format, bytes);
    const pieces = chunkSections(extracted.sections);
    await deps.db.transaction(async (tx) => {
      await replaceSourcePieces(tx, { userId: source.userId, sourceId: source.id, pieces, createdAt: deps.now() });
    });
    await run.set({
      ...updates,
      pageCount: extracted.pageCount ?? null,
      rowCount: extracted.rowCount ?? null,
      truncated: extracted.truncated,
      extractedText: extracted.sections.map((section) => section.text).join("\n\n"),
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

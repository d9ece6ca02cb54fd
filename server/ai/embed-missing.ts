import { sql } from "drizzle-orm";
import { EMBEDDING_BATCH_SIZE } from "../../shared/constants";
import type { Database } from "../db/client";
import {
  contextsWithoutEmbedding,
  type MissingEmbedding,
  piecesWithoutEmbedding,
  saveContextEmbedding,
  savePieceEmbeddings,
} from "../db/vector-store";
import type { AppDeps } from "../deps";
import { CONTEXT_EMBEDDING_MAX_CHARS } from "./context-index";
import { embedTexts } from "./embeddings";

/** Held (per transaction) by the process filling in embeddings, so several processes do not embed the same rows. */
const EMBED_MISSING_LOCK_KEY = 0x656d6264;

/**
 * In the background, each batch gets a few quick retries; what still fails is
 * tried again on the next round (server/maintenance.ts).
 */
const BACKGROUND_RETRIES = 2;

export type EmbedMissingResult = { pieces: number; records: number };

/**
 * Embeds the context that has no vector from the configured model: pieces and
 * stored records indexed while the server had no pgvector (or no embedding
 * model), or under another model. This is how vector search turns on for
 * existing owners once pgvector is installed. Does nothing without pgvector or
 * an embedding model. Throws when the provider or the database fails.
 */
export async function embedMissing(
  deps: Pick<AppDeps, "db" | "database" | "ai">,
  signal?: AbortSignal,
): Promise<EmbedMissingResult> {
  const { vectors } = deps.database;
  const model = deps.ai.embeddingModelName;
  if (!vectors.available || !deps.ai.embedding || !model) return { pieces: 0, records: 0 };
  const limit = EMBEDDING_BATCH_SIZE;

  const pieces = await fill(deps, signal, async (db) => {
    const rows = await piecesWithoutEmbedding(db, vectors, { model, limit });
    const embedded = await embedBatch(deps, rows, signal);
    if (!embedded) return [];
    await savePieceEmbeddings(
      db,
      vectors,
      rows.map((row, index) => ({
        pieceId: row.id,
        userId: row.userId,
        model: embedded.model,
        embedding: embedded.embeddings[index] ?? [],
      })),
    );
    return rows;
  });
  const records = await fill(deps, signal, async (db) => {
    const rows = await contextsWithoutEmbedding(db, vectors, { model, limit });
    const embedded = await embedBatch(
      deps,
      rows.map((row) => ({ ...row, text: row.text.slice(0, CONTEXT_EMBEDDING_MAX_CHARS) })),
      signal,
    );
    if (!embedded) return [];
    for (const [index, row] of rows.entries()) {
      await saveContextEmbedding(db, vectors, {
        contextId: row.id,
        userId: row.userId,
        model: embedded.model,
        embedding: embedded.embeddings[index] ?? null,
      });
    }
    return rows;
  });
  return { pieces, records };
}

async function embedBatch(deps: Pick<AppDeps, "ai">, rows: MissingEmbedding[], signal: AbortSignal | undefined) {
  if (rows.length === 0) return undefined;
  return embedTexts(
    deps,
    rows.map((row) => row.text),
    { retry: { retries: BACKGROUND_RETRIES }, signal },
  );
}

/**
 * Runs batches until one comes back empty. On a server database each batch
 * runs in a transaction holding an advisory lock, so a second process finding
 * the lock taken leaves the work to the first. The embedded database serves one
 * process, and a transaction there would hold its only connection for the
 * length of the provider call, so it runs without one.
 */
async function fill(
  deps: Pick<AppDeps, "db" | "database">,
  signal: AbortSignal | undefined,
  batch: (db: Database) => Promise<MissingEmbedding[]>,
): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  while (!signal?.aborted) {
    const rows =
      deps.database.driver === "pglite"
        ? await batch(deps.db)
        : await deps.db.transaction(async (tx) => {
            const [lock] = rowsOf<{ locked: boolean }>(
              await tx.execute(sql`select pg_try_advisory_xact_lock(${EMBED_MISSING_LOCK_KEY}) as locked`),
            );
            return lock?.locked ? batch(tx as unknown as Database) : [];
          });
    // A row that comes back after being embedded (the provider answered in another size, say) stops the round.
    if (rows.length === 0 || rows.some((row) => seen.has(row.id))) return total;
    for (const row of rows) seen.add(row.id);
    total += rows.length;
  }
  return total;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

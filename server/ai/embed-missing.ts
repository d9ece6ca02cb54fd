import { EMBEDDING_BATCH_SIZE } from "../../shared/constants";
import type { Database, DatabaseHandle } from "../db/client";
import {
  type MissingEmbedding,
  piecesWithoutEmbedding,
  savePieceEmbeddings,
  settlePieceEmbeddings,
} from "../db/vector-store";
import { embedTexts } from "./embeddings";
import type { AiProvider } from "./provider";

/** Each batch gets a few quick retries; the job itself is retried with backoff when a batch still fails. */
const BATCH_RETRIES = 2;

export type EmbedMissingResult = { pieces: number };

/**
 * Embeds the context pieces that have no vector from the configured model:
 * pieces indexed while the server had no pgvector (or no embedding model), or
 * under another model. This is how vector search turns on for
 * existing owners once pgvector is installed. A knowledge source still being
 * read is left to its own job. Does nothing without pgvector or an embedding
 * model. Throws when the provider or the database fails. Runs as the
 * embed-missing job (embed-missing-job.ts), one at a time however many
 * processes there are.
 */
export async function embedMissing(
  deps: { db: Database; database: DatabaseHandle; ai: AiProvider },
  signal?: AbortSignal,
): Promise<EmbedMissingResult> {
  const { vectors } = deps.database;
  const model = deps.ai.embeddingModelName;
  if (!vectors.available || !deps.ai.embedding || !model) return { pieces: 0 };
  const limit = EMBEDDING_BATCH_SIZE;

  const owners = new Set<string>();
  const pieces = await fill(signal, async () => {
    const rows = await piecesWithoutEmbedding(deps.db, vectors, { model, limit, settledSourcesOnly: true });
    const embedded = await embedBatch(deps, rows, signal);
    if (!embedded) return [];
    await savePieceEmbeddings(
      deps.db,
      vectors,
      rows.map((row, index) => ({
        pieceId: row.id,
        userId: row.userId,
        model: embedded.model,
        embedding: embedded.embeddings[index] ?? [],
      })),
    );
    for (const row of rows) owners.add(row.userId);
    return rows;
  });
  await settlePieceEmbeddings(deps.db, vectors, owners);
  return { pieces };
}

async function embedBatch(deps: { ai: AiProvider }, rows: MissingEmbedding[], signal: AbortSignal | undefined) {
  if (rows.length === 0) return undefined;
  return embedTexts(
    deps,
    rows.map((row) => row.text),
    { retry: { retries: BATCH_RETRIES }, signal },
  );
}

/** Runs batches until one comes back empty; returns how many rows were embedded. */
async function fill(signal: AbortSignal | undefined, batch: () => Promise<MissingEmbedding[]>): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  while (!signal?.aborted) {
    const rows = await batch();
    // A row that comes back after being embedded (the provider answered in another size, say) stops the filling.
    if (rows.length === 0 || rows.some((row) => seen.has(row.id))) return total;
    for (const row of rows) seen.add(row.id);
    total += rows.length;
  }
  return total;
}

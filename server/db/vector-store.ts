import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Transaction, VectorStore } from "./client";
import { LARGE_OWNER_PIECES } from "./owner-text-index";
import { rowsOf } from "./rows-of";

/**
 * Every embedding the server stores or reads goes through this module, so the rest of the code works the same on a
 * PostgreSQL server with pgvector and on one without it (docs/decisions/0017-vector-store-without-pgvector.md).
 *
 * Embeddings live in side tables keyed by the row they embed (with the owner's user id beside it), which exist only
 * where the server has pgvector: they are created at start-up, under the migration lock, by prepareVectorStore. Without
 * pgvector the side tables are absent, nothing is embedded and retrieval scores pieces by full text alone; when
 * pgvector is installed later, the next start creates them and embedMissingPieces fills them in the background.
 */
type Executor = Database | Transaction;

export type PieceEmbedding = { pieceId: string; userId: string; model: string; embedding: number[] };

/**
 * The embedding table. Idempotent: it runs at every start and leaves an up-to-date database alone. A database from
 * before the side tables kept each embedding in its row (context_pieces and user_contexts had embedding columns): the
 * pieces' move here and the columns go.
 */
const VECTOR_TABLES_SQL = `
DO $$
BEGIN
  IF to_regclass('context_piece_embeddings') IS NULL THEN
    CREATE TABLE context_piece_embeddings (
      piece_id uuid PRIMARY KEY REFERENCES context_pieces (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      model text NOT NULL,
      embedding vector NOT NULL
    );
    -- Kept inside the row, one page per piece: the exact re-ranking reads a few hundred of them (see migration 0003).
    ALTER TABLE context_piece_embeddings ALTER COLUMN embedding SET STORAGE MAIN;
  END IF;
  -- A row is compressed only past a page's size: a real model's vectors do not compress, and the sparse ones that do
  -- would be decompressed at every ranking.
  ALTER TABLE context_piece_embeddings SET (toast_tuple_target = 8160);
  -- The owner's vectors by id: the exact ranking reads an owner's rows through it.
  CREATE INDEX IF NOT EXISTS context_piece_embeddings_owner_piece_idx ON context_piece_embeddings (user_id, piece_id);
  DROP INDEX IF EXISTS context_piece_embeddings_user_idx;
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'context_pieces' AND column_name = 'embedding'
  ) THEN
    INSERT INTO context_piece_embeddings (piece_id, user_id, model, embedding)
      SELECT id, user_id, coalesce(embedding_model, ''), embedding FROM context_pieces WHERE embedding IS NOT NULL
      ON CONFLICT DO NOTHING;
    ALTER TABLE context_pieces DROP COLUMN embedding, DROP COLUMN embedding_model;
  END IF;
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'user_contexts' AND column_name = 'embedding'
  ) THEN
    -- The whole-record match these served is gone (migration 0018).
    ALTER TABLE user_contexts DROP COLUMN embedding;
  END IF;
END $$`;

/**
 * Which version of the statement above a database holds, kept as the comment on context_piece_embeddings once it has
 * run. A start that finds this version there skips it: reading the catalog through information_schema was most of the
 * migration check's time on the embedded database (docs/decisions/0020). Any change to the statement changes the
 * version, so the next start runs it again; a database from before the marker has none and runs it once.
 */
const VECTOR_STORE_VERSION = `vector store ${createHash("sha256").update(VECTOR_TABLES_SQL).digest("hex").slice(0, 16)}`;

/**
 * Start-up, inside the migration transaction: uses pgvector when the database has it, creates the extension when the
 * server offers it (this needs a superuser on most servers; the start-up error says so), and otherwise reports vector
 * search as unavailable.
 */
export async function prepareVectorStore(tx: Executor): Promise<VectorStore> {
  const [state] = rowsOf<{ installed: boolean; version: string | null }>(
    await tx.execute(sql`
      select exists (select 1 from pg_extension where extname = 'vector') as installed,
        obj_description(to_regclass('context_piece_embeddings'), 'pg_class') as version
    `),
  );
  if (state?.installed && state.version === VECTOR_STORE_VERSION) return { available: true };
  if (!state?.installed) {
    // Listing the available extensions reads every extension's control file: only when pgvector is not installed yet.
    const [offer] = rowsOf<{ offered: boolean }>(
      await tx.execute(sql`select exists (select 1 from pg_available_extensions where name = 'vector') as offered`),
    );
    if (!offer?.offered) return { available: false };
    await tx.execute(sql`create extension if not exists vector`);
  }
  await tx.execute(sql.raw(VECTOR_TABLES_SQL));
  await tx.execute(sql.raw(`COMMENT ON TABLE context_piece_embeddings IS '${VECTOR_STORE_VERSION}'`));
  return { available: true };
}

/** Whether the embedding tables exist, for a database opened without migrating (test copies of a template). */
export async function detectVectorStore(db: Executor): Promise<VectorStore> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('context_piece_embeddings') is not null as present`),
  );
  return { available: Boolean(row?.present) };
}

/** Stores (or replaces) the embeddings of these pieces; nothing without pgvector. */
export async function savePieceEmbeddings(db: Executor, store: VectorStore, rows: PieceEmbedding[]): Promise<void> {
  if (!store.available || rows.length === 0) return;
  // Only pieces that still exist: a re-index may have replaced them while these were being embedded.
  await db.execute(sql`
    insert into context_piece_embeddings (piece_id, user_id, model, embedding)
    select r.piece_id, r.user_id, r.model, r.embedding::vector
    from jsonb_to_recordset(${JSON.stringify(rows.map(toPieceRecord))}::jsonb)
      as r(piece_id uuid, user_id text, model text, embedding text)
    join context_pieces p on p.id = r.piece_id
    on conflict (piece_id) do update set user_id = excluded.user_id, model = excluded.model, embedding = excluded.embedding
  `);
}

/**
 * An owner's pieces with at least this many vectors of one size are ranked through an HNSW index of their own instead
 * of by reading every vector: below it the exact scan answers within the time a question may take, and an index would
 * only slow the owner's writes (the measurement: docs/benchmarks.md, `npm run bench:retrieval`).
 */
export const HNSW_MIN_PIECES = 5_000;
/** pgvector's HNSW indexes take vectors of at most this many dimensions. */
const HNSW_MAX_DIMENSIONS = 2_000;

/**
 * After a large write of piece embeddings (a knowledge source embedded, the background catch-up): vacuums the side
 * table (the embedded engine has no autovacuum; only pages changed since the last run are read), and gives each of
 * these owners who now has HNSW_MIN_PIECES vectors of one size an HNSW index over them (a partial index, so it holds
 * that owner's vectors only: the graph is searched without wading through other owners' pieces). Not in a transaction.
 */
export async function settlePieceEmbeddings(
  db: Database,
  store: VectorStore,
  userIds: Iterable<string>,
): Promise<void> {
  if (!store.available) return;
  await db.execute(sql`vacuum context_piece_embeddings`);
  for (const userId of new Set(userIds)) await indexLargeOwner(db, store, userId);
}

async function indexLargeOwner(db: Database, store: VectorStore, userId: string): Promise<void> {
  const sizes = rowsOf<{ dimensions: number }>(
    await db.execute(sql`
      select vector_dims(embedding) as dimensions from context_piece_embeddings where user_id = ${userId}
      group by 1 having count(*) >= ${hnswMinPieces(store)}
    `),
  );
  for (const { dimensions } of sizes) {
    if (dimensions > HNSW_MAX_DIMENSIONS) continue;
    const name = `context_piece_embeddings_hnsw_${createHash("sha256").update(`${userId}/${dimensions}`).digest("hex").slice(0, 16)}`;
    const owner = `'${userId.replace(/'/g, "''")}'`;
    await db.execute(
      sql.raw(`create index if not exists ${name} on context_piece_embeddings
        using hnsw ((embedding::vector(${dimensions})) vector_cosine_ops)
        where user_id = ${owner} and vector_dims(embedding) = ${dimensions}`),
    );
  }
}

/**
 * Drops the owner's own indexes (HNSW: settlePieceEmbeddings; full text: indexLargeOwnerText) as their account is
 * deleted: each names its owner in its predicate, so it would outlive their rows. Found by that predicate.
 */
export async function dropOwnerIndexes(db: Executor, userId: string): Promise<void> {
  const indexes = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select n.nspname as schema, c.relname as name
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where i.indrelid in (to_regclass('context_piece_embeddings'), to_regclass('context_pieces'))
        and position('(user_id = ' || quote_literal(${userId}::text) || '::text)' in pg_get_expr(i.indpred, i.indrelid)) > 0
    `),
  );
  for (const index of indexes) {
    await db.execute(sql`drop index if exists ${sql.identifier(index.schema)}.${sql.identifier(index.name)}`);
  }
}

/** Whether an owner of this many pieces has no index of their own (indexLargeOwnerText, settlePieceEmbeddings). */
export function rankedWithoutOwnIndexes(store: VectorStore, pieces: number): boolean {
  return pieces <= LARGE_OWNER_PIECES && pieces < hnswMinPieces(store);
}

function hnswMinPieces(store: VectorStore): number {
  return Math.max(1, Math.floor(store.hnswMinPieces ?? HNSW_MIN_PIECES));
}

function toPieceRecord(row: PieceEmbedding) {
  return { piece_id: row.pieceId, user_id: row.userId, model: row.model, embedding: vectorLiteral(row.embedding) };
}

/**
 * Retrieval's vector rankings, as a sub-select (ranking, id, position): for each query vector (cosine literals of one
 * model's vectors), numbered from `firstRanking`, the owner's pieces in `scope` (a condition on `context_pieces p`)
 * with a vector from that model, most similar first, down to the threshold, at most `limit`; undefined without pgvector
 * (full text alone). An owner known to have no HNSW index of their own (`exact`) has their vectors read once, for every
 * query's distance, the count of queries written out (bound, it has the plan cache plan each run anew). Otherwise each
 * query's statement is written for such an index (settlePieceEmbeddings): its expression and predicate, the distance
 * alone as the order, a limit. The index is searched further while the scope drops pieces (VECTOR_SESSION_SETTINGS), in
 * a nearly exact order, so the pieces found are sorted again. A query's vector is a sub-select, made once a run.
 */
export function pieceVectorRankings(
  store: VectorStore,
  query: {
    userId: string;
    model: string;
    dimensions: number;
    vectors: string[];
    firstRanking: number;
    exact: boolean;
    threshold: number;
    limit: number;
    scope: SQL;
  },
): SQL | undefined {
  if (!store.available || query.vectors.length === 0) return undefined;
  const dimensions = sql.raw(String(Math.floor(query.dimensions)));
  const distanceTo = (vector: string) =>
    sql`e.embedding::vector(${dimensions}) <=> (select ${vector}::int[]::vector(${dimensions}))`;
  const owned = sql`from context_piece_embeddings e join context_pieces p on p.id = e.piece_id
    where e.user_id = ${query.userId} and vector_dims(e.embedding) = ${dimensions} and e.model = ${query.model}
      and ${query.scope}`;
  const rankings = query.exact
    ? [
        sql`(with distances as materialized (
          select p.id, array[${sql.join(query.vectors.map(distanceTo), sql`, `)}] as distances ${owned}
        ), ranked as (
          select q.ranking, d.id, d.distances[q.ranking + 1] as distance,
            row_number() over (partition by q.ranking order by d.distances[q.ranking + 1], d.id) as position
          from distances d cross join generate_series(0, ${sql.raw(String(query.vectors.length - 1))}) q(ranking)
        )
        select ${query.firstRanking}::int + ranking as ranking, id, position from ranked
        where position <= ${query.limit} and 1 - distance >= ${query.threshold})`,
      ]
    : query.vectors.map(
        (vector, index) => sql`(with nearest as materialized (
          select p.id, ${distanceTo(vector)} as distance ${owned} order by distance limit ${query.limit}
        )
        select ${query.firstRanking + index}::int as ranking, id, row_number() over (order by distance, id) as position
        from nearest where 1 - distance >= ${query.threshold})`,
      );
  return sql.join(rankings, sql` union all `);
}

/**
 * The connection settings vector search wants where pgvector is: an HNSW scan goes on while the retrieval's scope drops
 * the pieces it finds (pgvector 0.8's iterative index scans), returning them in a nearly exact order, which the ranking
 * sorts again. A setting of an extension not loaded is kept as a placeholder, so it is harmless without pgvector.
 */
export const VECTOR_SESSION_SETTINGS = "set hnsw.iterative_scan = relaxed_order";

export type MissingEmbedding = { id: string; userId: string; text: string };

/**
 * Pieces with no embedding from this model (indexed while the server had no pgvector or no embedding model, or under
 * another model; a knowledge source's new pieces), oldest first, of one source if given; empty without pgvector.
 */
export async function piecesWithoutEmbedding(
  db: Executor,
  store: VectorStore,
  input: {
    model: string;
    limit: number;
    /** Only this knowledge source's pieces. */
    sourceId?: string;
    /** Leave out the pieces of knowledge sources still being read (their own job embeds them). */
    settledSourcesOnly?: boolean;
  },
): Promise<MissingEmbedding[]> {
  if (!store.available) return [];
  const ofSource = input.sourceId ? sql`and p.source_id = ${input.sourceId}` : sql``;
  const settled = input.settledSourcesOnly
    ? sql`and (p.source_id is null or exists (
        select 1 from knowledge_sources s where s.id = p.source_id and s.status in ('ready', 'failed')))`
    : sql``;
  return rowsOf<MissingEmbedding>(
    await db.execute(sql`
      select p.id, p.user_id as "userId", p.content as text
      from context_pieces p
      left join context_piece_embeddings e on e.piece_id = p.id
      where (e.piece_id is null or e.model <> ${input.model}) ${ofSource} ${settled}
      order by p.created_at, p.id
      limit ${input.limit}
    `),
  );
}

/** pgvector's text form. */
function vectorLiteral(values: readonly number[]): string {
  return `[${values.join(",")}]`;
}

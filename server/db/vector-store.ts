import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "./client";

/**
 * Every embedding the server stores or reads goes through this module, so the
 * rest of the code works the same on a PostgreSQL server with pgvector and on
 * one without it (docs/decisions/0017-vector-store-without-pgvector.md).
 *
 * Embeddings live in side tables keyed by the row they embed (with the owner's
 * user id beside it), which exist only where the server has pgvector: they are
 * created at start-up, under the migration lock, by prepareVectorStore. Without
 * pgvector the side tables are absent, nothing is embedded and retrieval scores
 * pieces by full text alone; when pgvector is installed later, the next start
 * creates them and embedMissingPieces fills them in the background.
 */
export type VectorStore = {
  /** Whether this database has pgvector and the embedding tables, i.e. vector search can work. */
  available: boolean;
  /** How pieces are ranked by vector; the owner-scoped binary pre-selection unless asked otherwise (benchmarks, the evaluation). */
  plan?: PieceVectorPlan;
  /**
   * How many pieces the binary pre-selection keeps, the database's and the process's copy's alike (measuring);
   * unless set, BINARY_PRESELECTION_POOL and COPY_PRESELECTION_POOL.
   */
  preselectionPool?: number;
};

/** The vector plans the store can run (docs/decisions/0024-retrieval-at-owner-scale.md). */
export const PIECE_VECTOR_PLANS = ["exact", "binary-rerank"] as const;
export type PieceVectorPlan = (typeof PIECE_VECTOR_PLANS)[number];

type Executor = Database | Transaction;

export type PieceEmbedding = { pieceId: string; userId: string; model: string; embedding: number[] };
export type ContextEmbedding = { contextId: string; userId: string; model: string; embedding: number[] };

/**
 * The embedding tables and the spec's match_documents function. Idempotent: it
 * runs at every start and leaves an up-to-date database alone. A database from
 * before the side tables kept each embedding in its row (context_pieces and
 * user_contexts had embedding columns); those move here and the columns go.
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
  -- The owner's pieces by id: a pool's exact re-ranking looks its vectors up among the owner's keys (a few dozen leaf
  -- pages, which stay in the buffers) instead of the whole table's primary key (a leaf page per piece in a large
  -- table; docs/decisions/0024, "The million-piece table on the embedded engine"). It serves the owner's scans as the
  -- index on user_id alone, which it replaces, did.
  CREATE INDEX IF NOT EXISTS context_piece_embeddings_owner_piece_idx ON context_piece_embeddings (user_id, piece_id);
  DROP INDEX IF EXISTS context_piece_embeddings_user_idx;
  -- The vector's signs, one bit per dimension, and an index holding them beside the owner: retrieval reads an owner's
  -- signs from the index alone and re-ranks the closest few exactly (docs/decisions/0024). Added to an existing table
  -- at the first start that knows them, which rewrites the table once.
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'context_piece_embeddings'
      AND column_name = 'embedding_signs'
  ) THEN
    ALTER TABLE context_piece_embeddings ADD COLUMN embedding_signs bit varying
      GENERATED ALWAYS AS (binary_quantize(embedding)::bit varying) STORED;
  END IF;
  CREATE INDEX IF NOT EXISTS context_piece_embeddings_owner_signs_idx
    ON context_piece_embeddings (user_id, model) INCLUDE (piece_id, embedding_signs);
  -- Writing an owner's embeddings gives the owner a new version, as writing their pieces does (migration 0016): a
  -- process's copy of the owner's signs (server/ai/ranking-index.ts) is used only at the version it was read at.
  CREATE OR REPLACE FUNCTION context_piece_embeddings_version_upkeep() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    -- The owner's lock first, as the piece triggers take it (migration 0014), so the two never wait on each other.
    IF TG_OP = 'INSERT' THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('context_piece_terms ' || user_id, 0))
        FROM (SELECT DISTINCT user_id FROM new_embeddings ORDER BY 1) owners;
    ELSE
      PERFORM pg_advisory_xact_lock(hashtextextended('context_piece_terms ' || user_id, 0))
        FROM (SELECT DISTINCT user_id FROM old_embeddings ORDER BY 1) owners;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE context_piece_owner_stats s SET version = nextval('context_piece_versions')
        WHERE s.user_id IN (SELECT DISTINCT user_id FROM old_embeddings);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      UPDATE context_piece_owner_stats s SET version = nextval('context_piece_versions')
        WHERE s.user_id IN (SELECT DISTINCT user_id FROM new_embeddings);
    END IF;
    RETURN NULL;
  END;
  $fn$;
  CREATE OR REPLACE TRIGGER context_piece_embeddings_version_insert AFTER INSERT ON context_piece_embeddings
    REFERENCING NEW TABLE AS new_embeddings FOR EACH STATEMENT
    EXECUTE FUNCTION context_piece_embeddings_version_upkeep();
  CREATE OR REPLACE TRIGGER context_piece_embeddings_version_update AFTER UPDATE ON context_piece_embeddings
    REFERENCING OLD TABLE AS old_embeddings NEW TABLE AS new_embeddings FOR EACH STATEMENT
    EXECUTE FUNCTION context_piece_embeddings_version_upkeep();
  CREATE OR REPLACE TRIGGER context_piece_embeddings_version_delete AFTER DELETE ON context_piece_embeddings
    REFERENCING OLD TABLE AS old_embeddings FOR EACH STATEMENT
    EXECUTE FUNCTION context_piece_embeddings_version_upkeep();
  IF to_regclass('user_context_embeddings') IS NULL THEN
    CREATE TABLE user_context_embeddings (
      context_id uuid PRIMARY KEY REFERENCES user_contexts (id) ON DELETE CASCADE,
      user_id text NOT NULL,
      model text NOT NULL,
      embedding vector NOT NULL
    );
    CREATE INDEX user_context_embeddings_user_idx ON user_context_embeddings (user_id);
  END IF;
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
    -- The model was not recorded with these; an empty name makes the next start embed them again.
    INSERT INTO user_context_embeddings (context_id, user_id, model, embedding)
      SELECT id, user_id, '', embedding FROM user_contexts WHERE embedding IS NOT NULL
      ON CONFLICT DO NOTHING;
    ALTER TABLE user_contexts DROP COLUMN embedding;
  END IF;
END $$`;

/** The spec's remote procedure: the best whole-record context match for one user and department. */
const MATCH_DOCUMENTS_SQL = `
CREATE OR REPLACE FUNCTION match_documents(
  query_embedding vector,
  match_threshold double precision DEFAULT 0.7,
  match_count integer DEFAULT 1,
  filter_user_id text DEFAULT NULL,
  filter_department text DEFAULT NULL
)
RETURNS TABLE (id uuid, user_id text, department text, context_text text, similarity double precision)
LANGUAGE sql STABLE
AS $fn$
  SELECT c.id, c.user_id, c.department, c.context_text, 1 - (e.embedding <=> query_embedding) AS similarity
  FROM user_contexts c
  JOIN user_context_embeddings e ON e.context_id = c.id
  WHERE c.user_id = filter_user_id
    AND (filter_department IS NULL OR c.department = filter_department)
    AND vector_dims(e.embedding) = vector_dims(query_embedding)
    AND 1 - (e.embedding <=> query_embedding) >= match_threshold
  ORDER BY e.embedding <=> query_embedding
  LIMIT match_count;
$fn$`;

/**
 * Which version of the two statements above a database holds, kept as the comment on match_documents once they have
 * run. A start that finds this version there skips them: reading the catalog through information_schema and
 * replacing the function (a catalog write, so a commit to flush) were most of the migration check's time on the
 * embedded database (docs/decisions/0020, third round). Any change to either statement changes the version, so the
 * next start runs them again; a database from before the marker has none and runs them once.
 */
const VECTOR_STORE_VERSION = `vector store ${createHash("sha256")
  .update(VECTOR_TABLES_SQL)
  .update(MATCH_DOCUMENTS_SQL)
  .digest("hex")
  .slice(0, 16)}`;

/**
 * Start-up, inside the migration transaction: uses pgvector when the database
 * has it, creates the extension when the server offers it (this needs a
 * superuser on most servers; the start-up error says so), and otherwise
 * reports vector search as unavailable.
 */
export async function prepareVectorStore(tx: Executor): Promise<VectorStore> {
  const [state] = rowsOf<{ installed: boolean; version: string | null }>(
    await tx.execute(sql`
      select exists (select 1 from pg_extension where extname = 'vector') as installed,
        (select obj_description(p.oid, 'pg_proc') from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where p.proname = 'match_documents' and n.nspname = current_schema() limit 1) as version
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
  await tx.execute(sql.raw(MATCH_DOCUMENTS_SQL));
  await tx.execute(
    sql.raw(
      `COMMENT ON FUNCTION match_documents(vector, double precision, integer, text, text) IS '${VECTOR_STORE_VERSION}'`,
    ),
  );
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
 * After a large write of piece embeddings (a knowledge source embedded, the
 * background catch-up): marks the side table's settled pages as visible to
 * all, so that retrieval reads the owner's signs from the index alone instead
 * of visiting each row. The embedded engine has no autovacuum to do it, and on
 * a server this does early what autovacuum does later. Only pages changed
 * since the last run are read. Not inside a transaction.
 */
export async function settlePieceEmbeddings(db: Database, store: VectorStore): Promise<void> {
  if (!store.available) return;
  await db.execute(sql`vacuum context_piece_embeddings`);
}

function toPieceRecord(row: PieceEmbedding) {
  return { piece_id: row.pieceId, user_id: row.userId, model: row.model, embedding: vectorLiteral(row.embedding) };
}

/** Stores (or replaces) a stored context record's embedding, or removes it when there is none. */
export async function saveContextEmbedding(
  db: Executor,
  store: VectorStore,
  row: Omit<ContextEmbedding, "embedding" | "model"> & { model: string | null; embedding: number[] | null },
): Promise<void> {
  if (!store.available) return;
  if (!row.embedding || !row.model) {
    await db.execute(sql`delete from user_context_embeddings where context_id = ${row.contextId}`);
    return;
  }
  await db.execute(sql`
    insert into user_context_embeddings (context_id, user_id, model, embedding)
    values (${row.contextId}, ${row.userId}, ${row.model}, ${vectorLiteral(row.embedding)}::vector)
    on conflict (context_id) do update set user_id = excluded.user_id, model = excluded.model, embedding = excluded.embedding
  `);
}

/**
 * How many of an owner's pieces the binary pre-selection hands to the exact
 * re-ranking (docs/decisions/0024-retrieval-at-owner-scale.md). An owner with
 * no more pieces than this is ranked exactly. 200 rather than 400: each piece
 * of the pool is a page read from the files when its owner's vectors are not
 * in the buffers, and the top six of 200 were still the exact search's
 * ("Half the pool" in the decision note).
 */
export const BINARY_PRESELECTION_POOL = 200;

/**
 * How many pieces the pre-selection from the process's copy of an owner's signs keeps (server/ai/ranking-index.ts,
 * preselectBySigns). Fewer than the database's: the copy scores a piece's signs against the question's own vector
 * rather than against its signs, and in a pool of 150 keeps at least the share of the exact six best that the
 * database's order keeps in 200, so each question reads 50 fewer vector rows (docs/decisions/0024, "The question
 * kept whole").
 */
export const COPY_PRESELECTION_POOL = 150;

/**
 * Retrieval's vector ranking: the ids of the pieces in `scope` (a condition on
 * `context_pieces p`) with a vector from the query's model, most similar
 * first, down to the threshold, with their position; undefined without
 * pgvector, so retrieval ranks by full text alone.
 *
 * Given the owner (`userId`, the owner `scope` is limited to), the store reads
 * that owner's vectors as signs (one bit per dimension, from an index that
 * holds them beside the owner), keeps the BINARY_PRESELECTION_POOL closest by
 * the cosine of the bits, and ranks those by exact cosine. When the scope
 * leaves fewer than `limit` of them (a director kept from most of the owner's
 * sources), it ranks all of the owner's pieces in scope exactly instead. The
 * scope applies to every row returned either way. With `preselected` (a large
 * owner's pool chosen in the process from its copy of their signs, in scope
 * already), only the pool is re-ranked, by the owner's vectors alone: the
 * caller applies the scope to the pieces it returns. Given `ownerPieces` (how many pieces the owner has) no larger
 * than the pool, every piece would be in the pool: the owner's pieces in scope are ranked exactly at once, without
 * reading their signs first.
 */
export function pieceVectorRanking(
  store: VectorStore,
  query: {
    model: string;
    dimensions: number;
    cosineLiteral: string;
    threshold: number;
    limit: number;
    scope: SQL;
    /** The owner the scope is limited to; without it, every piece in scope is ranked exactly. */
    userId?: string;
    /**
     * The pre-selection made already, from the process's copy of the owner's signs (server/ai/ranking-index.ts): the
     * ids of the copyPreselectionPool() closest among the owner's pieces in scope, or all of those when they are fewer.
     * Only these are re-ranked; the caller checks the scope of the pieces it returns.
     */
    preselected?: readonly string[];
    /** How many pieces the owner has in all, where the caller knows it. */
    ownerPieces?: number;
  },
): SQL | undefined {
  if (!store.available) return undefined;
  if (store.plan === "exact" || query.userId === undefined) return exactPieceVectorRanking(query);
  if (query.preselected) return rerankPreselected({ ...query, userId: query.userId, preselected: query.preselected });
  if (query.ownerPieces !== undefined && query.ownerPieces <= preselectionPool(store)) {
    return exactPieceVectorRanking(query);
  }
  const pool = sql.raw(String(preselectionPool(store)));
  const preselected = sql`
      select e.piece_id from context_piece_embeddings e
      where e.user_id = ${query.userId} and e.model = ${query.model}
        and bit_length(e.embedding_signs) = ${query.dimensions}
      order by bit_count(e.embedding_signs & (select signs from q))::float8
        / sqrt(greatest(bit_count(e.embedding_signs), 1)) desc, e.piece_id
      limit ${pool}`;
  return sql`(
    with q as materialized (
      select v as vector, binary_quantize(v) as signs from (select ${query.cosineLiteral}::int[]::vector as v) x
    ),
    preselected as materialized (${preselected}),
    reranked as materialized (
      select p.id, e.embedding <=> (select vector from q) as distance
      from preselected s
      join context_piece_embeddings e on e.piece_id = s.piece_id
      join context_pieces p on p.id = e.piece_id and p.user_id = e.user_id
      where ${query.scope}
    ),
    exact as (
      select p.id, e.embedding <=> (select vector from q) as distance
      from context_pieces p
      join context_piece_embeddings e on e.piece_id = p.id and e.user_id = p.user_id
      where (select count(*) from preselected) = ${pool} and (select count(*) from reranked) < ${query.limit}
        and ${query.scope}
        and e.model = ${query.model} and vector_dims(e.embedding) = ${query.dimensions}
    ),
    scored as (
      select id, distance from reranked
      where (select count(*) from preselected) < ${pool} or (select count(*) from reranked) >= ${query.limit}
      union all
      select id, distance from exact
    )
    select id, row_number() over (order by distance, id) as position
    from scored
    where 1 - distance >= ${query.threshold}
    order by position
    limit ${query.limit}
  )`;
}

/**
 * The exact re-ranking of a pool chosen in the process (ranking-index.ts) among the owner's pieces in scope: only the
 * pool's vectors are read, not their pieces (the caller's statement applies the scope again to the pieces it returns).
 */
function rerankPreselected(
  query: Parameters<typeof pieceVectorRanking>[1] & { userId: string; preselected: readonly string[] },
): SQL {
  // `scored` is materialized so that each distance is computed once: inlined, the threshold's filter and the order
  // each computed it (two cosines of 1,536 dimensions a piece in the embedded engine's WebAssembly).
  return sql`(
    with q as materialized (select ${query.cosineLiteral}::int[]::vector as vector),
    scored as materialized (
      select e.piece_id as id, e.embedding <=> (select vector from q) as distance
      from context_piece_embeddings e
      where e.user_id = ${query.userId} and e.piece_id = any(${`{${query.preselected.join(",")}}`}::uuid[])
        and e.model = ${query.model}
    )
    select id, row_number() over (order by distance, id) as position
    from scored
    where 1 - distance >= ${query.threshold}
    order by position
    limit ${query.limit}
  )`;
}

/** How many pieces the database's binary pre-selection keeps with this store. */
export function preselectionPool(store: VectorStore): number {
  return Math.max(1, Math.floor(store.preselectionPool ?? BINARY_PRESELECTION_POOL));
}

/** How many pieces the pre-selection from the process's copy keeps with this store. */
export function copyPreselectionPool(store: VectorStore): number {
  return Math.max(1, Math.floor(store.preselectionPool ?? COPY_PRESELECTION_POOL));
}

/**
 * Every piece in scope with a vector of the query's model, ranked by exact cosine. `scored` is materialized so that
 * each distance is computed once (see rerankPreselected).
 */
function exactPieceVectorRanking(query: Parameters<typeof pieceVectorRanking>[1]): SQL {
  return sql`(
    with q as materialized (select ${query.cosineLiteral}::int[]::vector as vector),
    scored as materialized (
      select p.id, e.embedding <=> (select vector from q) as distance
      from context_pieces p
      join context_piece_embeddings e on e.piece_id = p.id and e.user_id = p.user_id
      where ${query.scope}
        and e.model = ${query.model} and vector_dims(e.embedding) = ${query.dimensions}
    )
    select id, row_number() over (order by distance, id) as position
    from scored
    where 1 - distance >= ${query.threshold}
    order by position
    limit ${query.limit}
  )`;
}

export type MatchedRecord = { department: string; contextText: string; similarity: number };

/** The spec's call 3 through match_documents; empty without pgvector. */
export async function matchDocuments(
  db: Executor,
  store: VectorStore,
  input: { cosineLiteral: string; threshold: number; count: number; userId: string; department: string },
): Promise<MatchedRecord[]> {
  if (!store.available) return [];
  const result = await db.execute(sql`
    select department, context_text as "contextText", similarity
    from match_documents(
      ${input.cosineLiteral}::int[]::vector,
      ${input.threshold}::double precision,
      ${input.count}::integer,
      ${input.userId}::text,
      ${input.department}::text
    )
  `);
  return rowsOf<MatchedRecord>(result).map((row) => ({ ...row, similarity: Number(row.similarity) }));
}

export type MissingEmbedding = { id: string; userId: string; text: string };

/**
 * Pieces with no embedding from this model (indexed while the server had no
 * pgvector or no embedding model, or under another model; a knowledge source's
 * new pieces), oldest first, of one source if given; empty without pgvector.
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

/** The same for the stored context records (the whole-record match). */
export async function contextsWithoutEmbedding(
  db: Executor,
  store: VectorStore,
  input: { model: string; limit: number },
): Promise<MissingEmbedding[]> {
  if (!store.available) return [];
  return rowsOf<MissingEmbedding>(
    await db.execute(sql`
      select c.id, c.user_id as "userId", c.context_text as text
      from user_contexts c
      left join user_context_embeddings e on e.context_id = c.id
      where e.context_id is null or e.model <> ${input.model}
      order by c.created_at, c.id
      limit ${input.limit}
    `),
  );
}

/** pgvector's text form. */
function vectorLiteral(values: readonly number[]): string {
  return `[${values.join(",")}]`;
}

/** Both drivers (PGlite and node-postgres) answer a raw query with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

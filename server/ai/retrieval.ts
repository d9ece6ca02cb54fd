import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AppDeps } from "../deps";
import { PROFILE_DEPARTMENT } from "./context-index";
import { embedTexts, toVectorLiteral } from "./embeddings";

export type RetrievedPiece = { department: string; sourceField: string; content: string; score: number };

/**
 * The chat waits for retrieval before it can start, and goes on without context
 * when retrieval fails, so the question's embedding gets one quick retry rather
 * than the full policy (about a minute of backoff).
 */
const QUESTION_EMBEDDING_RETRIES = 1;

/**
 * How a piece's score mixes meaning and wording when it has a vector: cosine
 * similarity carries most of it; the full-text rank (relative to this user's
 * best match) lifts pieces that use the question's own words.
 */
const VECTOR_WEIGHT = 0.75;
const TEXT_WEIGHT = 0.25;

type RetrievalDeps = Pick<AppDeps, "db" | "ai" | "env" | "log">;

/**
 * The pieces of this user's context most relevant to the question: a hybrid of
 * cosine similarity (pgvector, only vectors from the configured model) and
 * Postgres full-text rank, or full text alone when no embedding model is set or
 * the question's embedding fails. Only pieces scoring at least
 * RETRIEVAL_PIECE_THRESHOLD count, at most RETRIEVAL_PIECE_COUNT of them, the
 * director's own answers and the business profile first. Never reads another
 * user's rows; every query starts from the user's index entry.
 */
export async function retrieveContext(
  deps: RetrievalDeps,
  input: { userId: string; directorId: string; question: string; signal?: AbortSignal },
): Promise<RetrievedPiece[]> {
  if (input.question.trim() === "") return [];
  let queryEmbedding: { model: string; vector: number[] } | undefined;
  try {
    const embedded = await embedTexts(deps, [input.question], {
      retry: { retries: QUESTION_EMBEDDING_RETRIES },
      signal: input.signal,
    });
    const vector = embedded?.embeddings[0];
    if (embedded && vector) queryEmbedding = { model: embedded.model, vector };
  } catch (error) {
    deps.log.warn({ err: error }, "question embedding failed; retrieving by full text only");
  }
  return searchPieces(deps.db, {
    userId: input.userId,
    directorId: input.directorId,
    question: input.question,
    queryEmbedding,
    threshold: deps.env.RETRIEVAL_PIECE_THRESHOLD,
    count: deps.env.RETRIEVAL_PIECE_COUNT,
  });
}

/** The retrieval query itself, given the question's embedding if there is one (benchmarks call it directly). */
export async function searchPieces(
  db: Database,
  input: {
    userId: string;
    directorId: string;
    question: string;
    queryEmbedding: { model: string; vector: number[] } | undefined;
    threshold: number;
    count: number;
  },
): Promise<RetrievedPiece[]> {
  const { queryEmbedding } = input;
  const similarity: SQL = queryEmbedding
    ? sql`case when p.embedding_model = ${queryEmbedding.model}
            and vector_dims(p.embedding) = ${queryEmbedding.vector.length}
          then 1 - (p.embedding <=> ${toVectorLiteral(queryEmbedding.vector)}::vector) end`
    : sql`null::double precision`;

  // websearch_to_tsquery ANDs every word; a question should match pieces that share any of them.
  const result = await db.execute(sql`
    with q as (
      select replace(websearch_to_tsquery('english', ${input.question})::text, ' & ', ' | ')::tsquery as query
    ),
    scored as (
      select p.department, p.source_field, p.content,
        (${similarity})::double precision as similarity,
        p.search_vector @@ q.query as text_match,
        ts_rank(p.search_vector, q.query) as text_rank
      from context_pieces p cross join q
      where p.user_id = ${input.userId}
    ),
    ranked as (
      select *,
        case when text_match
          then text_rank / nullif(max(text_rank) filter (where text_match) over (), 0)
          else 0 end as text_score
      from scored
    ),
    final as (
      select department, source_field, content,
        coalesce(${VECTOR_WEIGHT} * similarity + ${TEXT_WEIGHT} * coalesce(text_score, 0), text_score, 0) as score
      from ranked
    )
    select department, source_field as "sourceField", content, score
    from final
    where score >= ${input.threshold} and score > 0
    order by (department = ${input.directorId} or department = ${PROFILE_DEPARTMENT}) desc, score desc
    limit ${input.count}
  `);
  return rowsOf<RetrievedPiece>(result).map((row) => ({ ...row, score: Number(row.score) }));
}

export type MatchedContext = { department: string; contextText: string; similarity: number };

/**
 * The spec's call 3: the whole stored context record for this user and
 * director through the match_documents SQL function, with
 * CONTEXT_MATCH_THRESHOLD (0.7) and CONTEXT_MATCH_COUNT (1). Empty without an
 * embedding model or when the question cannot be embedded.
 */
export async function matchDocuments(
  deps: RetrievalDeps,
  input: { userId: string; directorId: string; question: string; signal?: AbortSignal },
): Promise<MatchedContext[]> {
  let vector: number[] | undefined;
  try {
    const embedded = await embedTexts(deps, [input.question], {
      retry: { retries: QUESTION_EMBEDDING_RETRIES },
      signal: input.signal,
    });
    vector = embedded?.embeddings[0];
  } catch (error) {
    deps.log.warn({ err: error }, "question embedding failed; no whole-record match");
  }
  if (!vector) return [];
  const result = await deps.db.execute(sql`
    select department, context_text as "contextText", similarity
    from match_documents(
      ${toVectorLiteral(vector)}::vector,
      ${deps.env.CONTEXT_MATCH_THRESHOLD}::double precision,
      ${deps.env.CONTEXT_MATCH_COUNT}::integer,
      ${input.userId}::text,
      ${input.directorId}::text
    )
  `);
  return rowsOf<MatchedContext>(result).map((row) => ({ ...row, similarity: Number(row.similarity) }));
}

/** Both drivers (PGlite and node-postgres) answer a raw query with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

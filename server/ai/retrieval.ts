import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { type MatchedRecord, matchDocuments as matchStoredRecords, pieceSimilarity } from "../db/vector-store";
import type { AppDeps } from "../deps";
import { PROFILE_DEPARTMENT } from "./context-index";
import { cosineQueryLiteral, embedTexts } from "./embeddings";

export type RetrievedPiece = {
  department: string;
  sourceField: string;
  content: string;
  score: number;
  /** For a knowledge piece: its source's id and name, and where in it the piece sits ("page 3"); null otherwise. */
  sourceId: string | null;
  sourceName: string | null;
  location: string | null;
};

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

type RetrievalDeps = Pick<AppDeps, "db" | "database" | "ai" | "env" | "log">;

/**
 * The pieces of this user's context most relevant to the question: a hybrid of
 * cosine similarity (pgvector, only vectors from the configured model) and
 * Postgres full-text rank, or full text alone when the server has no pgvector,
 * no embedding model is set or the question's embedding fails. Only pieces scoring at least
 * RETRIEVAL_PIECE_THRESHOLD count, at most RETRIEVAL_PIECE_COUNT of them, the
 * director's own answers and the business profile first. Never reads another
 * user's rows; every query starts from the user's index entry.
 */
export async function retrieveContext(
  deps: RetrievalDeps,
  input: {
    userId: string;
    directorId: string;
    question: string;
    signal?: AbortSignal;
    /** The question's embedding when the caller already asked for it (embedQuestion); otherwise asked for here. */
    queryEmbedding?: Promise<QueryEmbedding | undefined>;
    /** Departments the caller already sends whole (the profile, this director's answers): not worth a slot. */
    skipDepartments?: string[];
  },
): Promise<RetrievedPiece[]> {
  if (input.question.trim() === "") return [];
  return searchPieces(deps.database, {
    userId: input.userId,
    directorId: input.directorId,
    question: input.question,
    skipDepartments: input.skipDepartments,
    queryEmbedding: await (input.queryEmbedding ?? embedQuestion(deps, input.question, input.signal)),
    threshold: deps.env.RETRIEVAL_PIECE_THRESHOLD,
    count: deps.env.RETRIEVAL_PIECE_COUNT,
  });
}

export type QueryEmbedding = { model: string; vector: number[] };

/**
 * The question's embedding for retrieval, or undefined without pgvector,
 * without an embedding model or when the provider fails (retrieval then uses
 * full text alone).
 */
export async function embedQuestion(
  deps: RetrievalDeps,
  question: string,
  signal?: AbortSignal,
): Promise<QueryEmbedding | undefined> {
  if (question.trim() === "" || !deps.database.vectors.available) return undefined;
  try {
    const embedded = await embedTexts(deps, [question], { retry: { retries: QUESTION_EMBEDDING_RETRIES }, signal });
    const vector = embedded?.embeddings[0];
    return embedded && vector ? { model: embedded.model, vector } : undefined;
  } catch (error) {
    deps.log.warn({ err: error }, "question embedding failed; matching by full text only");
    return undefined;
  }
}

/**
 * The retrieval itself, given the question's embedding if there is one
 * (benchmarks call it directly). One query scores every piece of this user
 * (an index lookup on user_id, so about a hundred rows however large the
 * table, each in one page since the text and vector live in the row); the
 * mixing, threshold and order are done here on those scores. Keeping the query
 * flat matters: nested around a 1,536-element constant, planning alone took
 * longer than the search in the embedded Postgres.
 */
export async function searchPieces(
  database: Pick<DatabaseHandle, "db" | "vectors">,
  input: {
    userId: string;
    directorId: string;
    question: string;
    queryEmbedding: QueryEmbedding | undefined;
    threshold: number;
    count: number;
    skipDepartments?: string[];
  },
): Promise<RetrievedPiece[]> {
  const { queryEmbedding } = input;
  const { join, similarity } = pieceSimilarity(
    database.vectors,
    input.userId,
    queryEmbedding && {
      model: queryEmbedding.model,
      dimensions: queryEmbedding.vector.length,
      cosineLiteral: cosineQueryLiteral(queryEmbedding.vector),
    },
  );

  // websearch_to_tsquery ANDs every word; a question should match pieces that share any of them.
  const scored = rowsOf<ScoredRow>(
    await database.db.execute(sql`
      select p.department, p.source_field as "sourceField", p.content,
        p.source_id as "sourceId", s.name as "sourceName", p.location,
        (${similarity})::double precision as similarity,
        p.search_vector @@ q.query as "textMatch",
        ts_rank(p.search_vector, q.query) as "textRank"
      from context_pieces p
      left join knowledge_sources s on s.id = p.source_id
      ${join}
      cross join (
        select replace(websearch_to_tsquery('english', ${input.question})::text, ' & ', ' | ')::tsquery as query
      ) q
      where p.user_id = ${input.userId}
        and (p.source_id is null
          or (s.user_id = ${input.userId} and (s.director_ids is null or ${input.directorId} = any(s.director_ids))))
        ${input.skipDepartments?.length ? sql`and p.department <> all(string_to_array(${input.skipDepartments.join(",")}, ','))` : sql``}
    `),
  );
  return rankPieces(scored, input).map(
    ({ department, sourceField, content, score, sourceId, sourceName, location }) => ({
      department,
      sourceField,
      content,
      score,
      sourceId,
      sourceName,
      location,
    }),
  );
}

type ScoredRow = {
  department: string;
  sourceField: string;
  content: string;
  sourceId: string | null;
  sourceName: string | null;
  location: string | null;
  similarity: number | null;
  textMatch: boolean;
  textRank: number;
};

/**
 * A piece's score: with a vector, VECTOR_WEIGHT × cosine similarity plus
 * TEXT_WEIGHT × its full-text rank relative to this user's best match;
 * without one, the relative full-text rank alone. Pieces under the threshold
 * are dropped; the director's own answers and the business profile come
 * first, then the rest, each by score.
 */
function rankPieces(
  rows: ScoredRow[],
  input: { directorId: string; threshold: number; count: number },
): Array<ScoredRow & { score: number }> {
  const bestRank = rows.reduce((best, row) => (row.textMatch ? Math.max(best, Number(row.textRank)) : best), 0);
  const own = (row: ScoredRow) => row.department === input.directorId || row.department === PROFILE_DEPARTMENT;
  return rows
    .map((row) => {
      const textScore = row.textMatch && bestRank > 0 ? Number(row.textRank) / bestRank : 0;
      const score =
        row.similarity === null ? textScore : VECTOR_WEIGHT * Number(row.similarity) + TEXT_WEIGHT * textScore;
      return { ...row, score };
    })
    .filter((row) => row.score > 0 && row.score >= input.threshold)
    .sort((a, b) => Number(own(b)) - Number(own(a)) || b.score - a.score)
    .slice(0, input.count);
}

export type MatchedContext = MatchedRecord;

/**
 * The spec's call 3: the whole stored context record for this user and
 * director through the match_documents SQL function, with
 * CONTEXT_MATCH_THRESHOLD (0.7) and CONTEXT_MATCH_COUNT (1). Empty without
 * pgvector, without an embedding model or when the question cannot be embedded.
 */
export async function matchDocuments(
  deps: RetrievalDeps,
  input: { userId: string; directorId: string; question: string; signal?: AbortSignal },
): Promise<MatchedContext[]> {
  const vector = (await embedQuestion(deps, input.question, input.signal))?.vector;
  if (!vector) return [];
  return matchStoredRecords(deps.db, deps.database.vectors, {
    cosineLiteral: cosineQueryLiteral(vector),
    threshold: deps.env.CONTEXT_MATCH_THRESHOLD,
    count: deps.env.CONTEXT_MATCH_COUNT,
    userId: input.userId,
    department: input.directorId,
  });
}

/** Both drivers (PGlite and node-postgres) answer a raw query with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

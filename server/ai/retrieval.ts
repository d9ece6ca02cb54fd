import { type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { executePrepared } from "../db/execute-prepared";
import {
  copyPreselectionPool,
  type MatchedRecord,
  matchDocuments as matchStoredRecords,
  pieceVectorRanking,
} from "../db/vector-store";
import type { AppDeps } from "../deps";
import { cosineQueryLiteral, embedTexts } from "./embeddings";
import {
  bestByScore,
  type CopyScope,
  type OwnerRankingIndex,
  preselectBySigns,
  rankByLevels,
  rankingIndexes,
  scopeOf,
} from "./ranking-index";

export type RetrievedPiece = {
  id: string;
  department: string;
  sourceField: string;
  content: string;
  /** The fused rank score: higher is better; only comparable within one retrieval. */
  score: number;
  /** For a knowledge piece: its source's id and name, and where in it the piece sits ("page 3"); null otherwise. */
  sourceId: string | null;
  sourceName: string | null;
  location: string | null;
};

/** Which rankings retrieval fuses: both (the product), or one alone (the evaluation compares them). */
export type RetrievalMode = "hybrid" | "text" | "vector";

/**
 * The chat waits for retrieval before it can start, and goes on without context
 * when retrieval fails, so the question's embedding gets one quick retry rather
 * than the full policy (about a minute of backoff).
 */
const QUESTION_EMBEDDING_RETRIES = 1;

/** How many of its best pieces each ranking hands to the fusion. */
const CANDIDATES_PER_RANKING = 30;
/**
 * Reciprocal rank fusion: a piece scores the sum of weight / (RRF_K + rank)
 * over the rankings that found it. The method's paper uses 60, which flattens
 * the ranks so much that a piece halfway down every list beats one list's clear
 * first; 20 keeps agreement between rankings worth more than one first place
 * while a clear first still counts (npm run eval:retrieval: hybrid recall@6
 * 0.748 at 60, 0.782 at 20, 0.797 at 10; MRR 0.617, 0.636, 0.673).
 */
const RRF_K = 20;
/**
 * A follow-up ("and in winter?") is also searched with the conversation's
 * latest questions, and those rankings count as much as the question's own: a
 * follow-up's few words ("and for supervisors?") alone rank whatever shares
 * them. A question on a new topic is not pulled back to the old one by it
 * (npm run eval:retrieval, 0.8 against 1: full-text recall@6 of follow-ups
 * 0.708 and 0.833, hybrid MRR 0.636 and 0.646; after a change of topic hybrid
 * recall@6 0.797 both).
 */
const FOLLOW_UP_WEIGHT = 1;
/** How many earlier questions of the conversation, newest first, tell what a follow-up is about. */
export const FOLLOW_UP_QUESTIONS = 2;
export const FOLLOW_UP_MAX_CHARS = 600;
/** BM25's usual constants: how fast repeats of a word stop counting, and how much a piece's length weighs. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** The pieces a full-text ranking scores in full, out of all that share a word with the query (see textRanking). */
const TEXT_SHORTLIST = 300;
/** The full-text ranking's first round takes the question's rarest words until this many pieces hold one of them. */
const TEXT_FIRST_ROUND_PIECES = 100;
/** Above this share of the owner's pieces holding the first round's words, the ranking reads every word at once. */
const TEXT_EARLY_STOP_SHARE = 0.25;
/**
 * How much the vector ranking counts against the full-text one in the fusion.
 * On the evaluation set (npm run eval:retrieval, with the test AI server's
 * hashed-word embeddings) hybrid recall@6 was 0.70 at 1, 0.75 at 0.5 and 0.71
 * at 0.25; a real embedding model's vectors carry meaning those do not, so
 * they are not weighted down further.
 */
const VECTOR_WEIGHT = 0.5;
/** Two pieces sharing this much of their wording are near-copies (a page added twice, two versions of a file). */
const NEAR_COPY_OVERLAP = 0.8;

type RetrievalDeps = Pick<AppDeps, "db" | "database" | "ai" | "env" | "log">;

/**
 * The pieces of this owner's context most relevant to the question: full-text
 * rank (PostgreSQL) and vector similarity (pgvector through the vector store,
 * only vectors from the configured model) each rank the owner's pieces, and reciprocal rank fusion
 * merges the rankings. With earlier questions in the conversation, the question
 * is also searched together with them, so a follow-up finds what the
 * conversation is about. Near-copies of a piece already chosen are skipped. At
 * most RETRIEVAL_PIECE_COUNT pieces; a piece counts only if it shares a word
 * with the question or its cosine similarity reaches
 * RETRIEVAL_PIECE_THRESHOLD. Only this owner's pieces, and only from sources
 * this director may use; full text alone when the database has no pgvector, no
 * embedding model is set or the question's embedding fails.
 */
export async function retrieveContext(
  deps: RetrievalDeps,
  input: {
    userId: string;
    directorId: string;
    question: string;
    /** The conversation's earlier questions, oldest first. */
    earlierQuestions?: readonly string[];
    signal?: AbortSignal;
    /** The question's embedding when the caller already asked for it (embedQuestion); otherwise asked for here. */
    queryEmbedding?: Promise<QueryEmbedding | undefined>;
    /** Embeddings the caller already asked for, by text (a chat turn asks for the follow-up wording's early too). */
    earlyEmbeddings?: ReadonlyMap<string, Promise<QueryEmbedding | undefined>>;
    /** Departments the caller already sends whole (the profile, this director's answers): not worth a slot. */
    skipDepartments?: string[];
    /** For the evaluation: one ranking alone, and more pieces than the prompt takes. */
    mode?: RetrievalMode;
    count?: number;
  },
): Promise<RetrievedPiece[]> {
  if (input.question.trim() === "") return [];
  // The full-text half (the word statistics, the rankings) runs while the embeddings are on their way; only the vector
  // rankings and the fusion wait for them.
  const queries = pendingQueries(
    input.question,
    input.earlierQuestions ?? [],
    (text) =>
      input.earlyEmbeddings?.get(text) ??
      (text === input.question && input.queryEmbedding
        ? input.queryEmbedding
        : embedQuestion(deps, text, input.signal)),
  );
  return rankPieces(deps.database, {
    userId: input.userId,
    directorId: input.directorId,
    queries,
    skipDepartments: input.skipDepartments,
    threshold: deps.env.RETRIEVAL_PIECE_THRESHOLD,
    count: input.count ?? deps.env.RETRIEVAL_PIECE_COUNT,
    mode: input.mode ?? "hybrid",
  });
}

/**
 * What is searched for a question: the question itself and, when the
 * conversation has earlier questions, the question together with the latest of
 * them (weighted a little lower), each with its embedding if there is one.
 */
export async function retrievalQueries(
  question: string,
  earlierQuestions: readonly string[],
  embed: (text: string) => Promise<QueryEmbedding | undefined>,
): Promise<SearchQuery[]> {
  const queries = pendingQueries(question, earlierQuestions, embed);
  const embeddings = await Promise.all(queries.map((query) => query.embedding));
  return queries.map((query, index) => ({ ...query, embedding: embeddings[index] }));
}

/** retrievalQueries with each embedding still on its way. */
function pendingQueries(
  question: string,
  earlierQuestions: readonly string[],
  embed: (text: string) => Promise<QueryEmbedding | undefined>,
): PendingQuery[] {
  const followUp = followUpText(question, earlierQuestions);
  const texts = followUp ? [question, followUp] : [question];
  return texts.map((text, index) => ({
    text,
    embedding: embed(text),
    weight: index === 0 ? 1 : FOLLOW_UP_WEIGHT,
  }));
}

/** The question with the conversation's latest earlier questions before it, or undefined when there are none. */
export function followUpText(question: string, earlierQuestions: readonly string[]): string | undefined {
  const earlier = earlierQuestions
    .slice(-FOLLOW_UP_QUESTIONS)
    .map((text) => text.trim())
    .filter(Boolean);
  if (earlier.length === 0) return undefined;
  const text = [...earlier, question.trim()].join("\n");
  return text.length <= FOLLOW_UP_MAX_CHARS ? text : text.slice(-FOLLOW_UP_MAX_CHARS);
}

export type QueryEmbedding = { model: string; vector: number[] };

/**
 * The question's embedding for retrieval, or undefined without an embedding
 * model or when the provider fails (retrieval then uses full text alone). The
 * chat waits for it, so a slow provider is given RETRIEVAL_EMBEDDING_WAIT_MS
 * from the moment it is asked: then the request is withdrawn and retrieval
 * goes on by full text alone.
 */
export async function embedQuestion(
  deps: RetrievalDeps,
  question: string,
  signal?: AbortSignal,
): Promise<QueryEmbedding | undefined> {
  return (await embedQuestions(deps, [question], signal))[0];
}

/** embedQuestion for several texts in one request (a question and its follow-up wording); one answer per text. */
export async function embedQuestions(
  deps: RetrievalDeps,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<Array<QueryEmbedding | undefined>> {
  const none = texts.map(() => undefined);
  if (texts.some((text) => text.trim() === "") || !deps.database.vectors.available) return none;
  const waitMs = deps.env.RETRIEVAL_EMBEDDING_WAIT_MS;
  const waited = AbortSignal.timeout(waitMs);
  try {
    const embedded = await embedTexts(deps, texts, {
      retry: { retries: QUESTION_EMBEDDING_RETRIES },
      signal: signal ? AbortSignal.any([signal, waited]) : waited,
    });
    if (!embedded) return none;
    return texts.map((_, index) => {
      const vector = embedded.embeddings[index];
      return vector ? { model: embedded.model, vector } : undefined;
    });
  } catch (error) {
    if (waited.aborted && !signal?.aborted) {
      deps.log.warn({ waitMs }, "question embedding too slow; matching by full text only");
    } else {
      deps.log.warn({ err: error }, "question embedding failed; matching by full text only");
    }
    return none;
  }
}

/** One wording of what is asked: its text for full-text search, its embedding (if any), and its weight in the fusion. */
export type SearchQuery = { text: string; embedding: QueryEmbedding | undefined; weight: number };

/** A SearchQuery whose embedding may still be on its way. */
type PendingQuery = { text: string; embedding: Promise<QueryEmbedding | undefined>; weight: number };

type RankedRow = {
  ranking: number;
  position: number;
  id: string;
  department: string;
  sourceField: string;
  content: string;
  sourceId: string | null;
  sourceName: string | null;
  location: string | null;
};

/**
 * The retrieval itself, given the queries' embeddings (the evaluation and the
 * benchmarks call it directly). One statement returns every ranking's best
 * CANDIDATES_PER_RANKING pieces with their text; fusion, near-copy removal and
 * the count are done here.
 */
export async function searchPieces(
  database: Pick<DatabaseHandle, "db" | "vectors" | "prepared">,
  input: SearchInput<SearchQuery>,
): Promise<RetrievedPiece[]> {
  return rankPieces(database, {
    ...input,
    queries: input.queries.map((query) => ({ ...query, embedding: Promise.resolve(query.embedding) })),
  });
}

type SearchInput<Query> = {
  userId: string;
  directorId: string;
  queries: Query[];
  threshold: number;
  count: number;
  skipDepartments?: string[];
  mode?: RetrievalMode;
  /** For the benchmark and the tests: the full-text ranking without its early stop. */
  textPlan?: TextPlan;
  /**
   * For the benchmark and the tests: false ranks in the database alone, even for an owner whose pieces this
   * process keeps a current copy of (ranking-index.ts).
   */
  inMemory?: boolean;
};

/** searchPieces, with the queries' embeddings awaited only where they are needed (the vector rankings). */
async function rankPieces(
  database: Pick<DatabaseHandle, "db" | "vectors" | "prepared">,
  input: SearchInput<PendingQuery>,
): Promise<RetrievedPiece[]> {
  const mode = input.mode ?? "hybrid";
  const inMemory = input.inMemory ?? true;
  // The owner's word statistics for each query's words, with the owner's version: whether this process's copy of
  // their pieces is current. Vector rankings alone need only the version.
  // One statement for every query (the question and its follow-up wording).
  const searched = await Promise.all(
    input.queries.map(async (query) => {
      const text = mode === "vector" ? "" : query.text;
      const needed = text.trim() !== "" || (mode !== "text" && inMemory && (await query.embedding) !== undefined);
      return needed ? text : undefined;
    }),
  );
  const texts = searched.filter((text) => text !== undefined);
  const words = texts.length > 0 ? await ownerWords(database, input, texts) : [];
  let next = 0;
  const states = searched.map((text) => (text === undefined ? undefined : words[next++]));
  const copies = states.map((state) => (state && inMemory ? currentCopy(database.db, input.userId, state) : undefined));
  const textRankings = await Promise.all(
    input.queries.map((query, index) => {
      const state = states[index];
      return mode !== "vector" && state && query.text.trim() !== ""
        ? textRanking(database.db, input, state, input.textPlan ?? "early-stop", copies[index])
        : undefined;
    }),
  );
  const embeddings = await Promise.all(input.queries.map((query) => query.embedding));
  const rankings: Array<{ weight: number; sql: SQL }> = [];
  for (const [index, pending] of input.queries.entries()) {
    const query = { ...pending, embedding: embeddings[index] };
    const ranked = textRankings[index];
    if (ranked && "sql" in ranked) rankings.push({ weight: query.weight, sql: ranked.sql });
    else if (ranked && ranked.ranked.length > 0) rankings.push({ weight: query.weight, sql: listed(ranked.ranked) });
    if (mode === "text" || !query.embedding) continue;
    const copy = copies[index];
    const state = states[index];
    const vectorCopy =
      copy && state && database.vectors.available && database.vectors.plan !== "exact"
        ? { copy, scope: { ...input, closedSources: state.owner.closedSources ?? [] } }
        : undefined;
    // A copy holding the owner's vector levels ranks in the process; otherwise the database ranks, re-ranking only
    // the pool a copy of the owner's signs chose, where there is one.
    const fromLevels =
      vectorCopy &&
      rankByLevels(vectorCopy.copy, vectorCopy.scope, query.embedding, input.threshold, CANDIDATES_PER_RANKING);
    const vectors = fromLevels
      ? fromLevels.length > 0
        ? listed(fromLevels.map((id, position) => ({ id, position: position + 1 })))
        : undefined
      : pieceVectorRanking(database.vectors, {
          model: query.embedding.model,
          dimensions: query.embedding.vector.length,
          cosineLiteral: cosineQueryLiteral(query.embedding.vector),
          threshold: input.threshold,
          limit: CANDIDATES_PER_RANKING,
          scope: inScope(input),
          userId: input.userId,
          ownerPieces: state?.owner.n,
          preselected:
            vectorCopy &&
            preselectBySigns(
              vectorCopy.copy,
              vectorCopy.scope,
              query.embedding,
              copyPreselectionPool(database.vectors),
            ),
        });
    if (vectors) rankings.push({ weight: query.weight * VECTOR_WEIGHT, sql: vectors });
  }
  if (rankings.length === 0) return [];
  // Rankings from a copy applied the scope in the process: the database checks it again on the pieces returned.
  const fromCopy = copies.some((copy) => copy !== undefined);

  const lists = sql.join(
    rankings.map((ranking, index) => sql`(select ${index}::int as ranking, r.* from ${ranking.sql} r)`),
    sql` union all `,
  );
  // The owner's sources are read once: joined to the pieces directly, the planner scans a small table again for every
  // piece (on the embedded engine each scan asks the file system for the table's size: 60 a question).
  const rows = await executePrepared<RankedRow>(
    database,
    sql`
      with sources as materialized (select s.id, s.name from knowledge_sources s where s.user_id = ${input.userId})
      select l.ranking, l.position::int as position, p.id, p.department, p.source_field as "sourceField", p.content,
        p.source_id as "sourceId", s.name as "sourceName", p.location
      from (${lists}) l
      join context_pieces p on p.id = l.id
      left join sources s on s.id = p.source_id
      ${fromCopy ? sql`where ${inScope(input)}` : sql``}
    `,
  );
  return fuse(
    rows,
    rankings.map((ranking) => ranking.weight),
    input.count,
  );
}

/** A ranking made in the process, as the sub-select (id, position) the statement that reads the pieces joins. */
function listed(ranked: Array<{ id: string; position: number }>): SQL {
  return sql`(select id, position from json_to_recordset(${JSON.stringify(ranked)}::json) as t(id uuid, position int))`;
}

/**
 * Whether any piece is in the scope retrieval would search (this owner's, from sources this director may use, outside
 * `skipDepartments`), as an SQL boolean: a caller that reads it with other state spares a turn the retrieval statement
 * (and its embeddings) when there is nothing to find, as for an owner who has trained one director and added no notes.
 */
export function piecesInScope(input: { userId: string; directorId: string; skipDepartments?: string[] }): SQL {
  return sql`exists (select 1 from context_pieces p where ${inScope(input)})`;
}

/**
 * What every ranking reads: this owner's pieces, from sources this director may use. The sources are one list the
 * database reads once and hashes (an uncorrelated `in`), not a look-up for each piece: that look-up was a scan of the
 * sources table for every piece with a source.
 */
function inScope(input: { userId: string; directorId: string; skipDepartments?: string[] }): SQL {
  const skip = input.skipDepartments?.length
    ? sql`and p.department <> all(string_to_array(${input.skipDepartments.join(",")}, ','))`
    : sql``;
  return sql`p.user_id = ${input.userId}
    and (p.source_id is null or p.source_id in (
      select s.id from knowledge_sources s
      where s.user_id = ${input.userId} and (s.director_ids is null or ${input.directorId} = any(s.director_ids))
    ))
    ${skip}`;
}

type OwnerWords = {
  /** The query's words the owner's pieces hold, with how many pieces hold each. */
  stats: Array<{ lexeme: string; pieces: number }>;
  /** closedSources: null for an owner below the copies' threshold (not asked for). */
  owner: { n: number; total: number; version: string; closedSources: string[] | null };
};

/**
 * The owner's word statistics for each text's words (context_piece_terms), their piece count and total length, their
 * version (context_piece_owner_stats.version: whether this process's copy of their pieces is current) and, for an
 * owner large enough to have a copy, the sources this director may not use (what the copy needs of the scope:
 * knowledge_sources is not in it); one statement for all the texts, one answer per text in their order. Each
 * undefined for an owner with no pieces.
 */
async function ownerWords(
  database: Pick<DatabaseHandle, "db" | "prepared">,
  input: { userId: string; directorId: string },
  texts: string[],
): Promise<Array<OwnerWords | undefined>> {
  const rows = await executePrepared<{
    text: number;
    lexeme: string | null;
    pieces: number | null;
    n: number;
    total: number;
    version: string;
    closedSources: string[] | null;
  }>(
    database,
    sql`
      select q.i::int - 1 as text, w.lexeme, w.pieces, s.pieces as n, s.content_length::float8 as total,
        s.version::text as version,
        case when s.pieces >= ${rankingIndexes(database.db).options.minPieces}::int then array(
          select ks.id::text from knowledge_sources ks
          where ks.user_id = ${input.userId} and ks.director_ids is not null
            and (${input.directorId} = any(ks.director_ids)) is not true
        ) end as "closedSources"
      from context_piece_owner_stats s
      cross join json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality q(query, i)
      left join lateral (
        select t.lexeme, t.pieces
        from (select distinct lexeme from unnest(to_tsvector('english', q.query))) l
        join context_piece_terms t on t.user_id = ${input.userId} and t.lexeme = l.lexeme
      ) w on true
      where s.user_id = ${input.userId}
    `,
  );
  return texts.map((_, index) => {
    const own = rows.filter((row) => row.text === index);
    const first = own[0];
    if (!first) return undefined;
    return {
      stats: own.flatMap((row) =>
        row.lexeme !== null && row.pieces !== null ? [{ lexeme: row.lexeme, pieces: row.pieces }] : [],
      ),
      owner: { n: first.n, total: first.total, version: first.version, closedSources: first.closedSources },
    };
  });
}

/** This process's copy of the owner's pieces if it is current; otherwise asks for one (a large owner's) and none. */
function currentCopy(db: DatabaseHandle["db"], userId: string, state: OwnerWords): OwnerRankingIndex | undefined {
  if (state.owner.closedSources === null) return undefined;
  const indexes = rankingIndexes(db);
  const copy = indexes.current(userId, state.owner.version);
  if (!copy) indexes.want(userId, state.owner.version, state.owner.n);
  return copy;
}

/**
 * How a full-text ranking reads the owner's pieces: from the question's rarest words to its most common, stopping when
 * the words left cannot bring a further piece into the best CANDIDATES_PER_RANKING (the product), or every piece
 * sharing any word with the question (the benchmark and the tests compare the two).
 */
export type TextPlan = "early-stop" | "every-word";

type TextTerm = { lexeme: string; pieces: number; idf: number };
type TextScore = { id: string; score: number };
/**
 * A full-text ranking: its pieces best first, or the sub-select that ranks them (id, position), for the statement
 * that reads the pieces to run.
 */
type TextRanking = { ranked: Array<{ id: string; position: number }> } | { sql: SQL };

/**
 * The owner's pieces sharing a word with the query, best first by BM25: a word rare among the owner's pieces counts
 * more than a common one, and a long piece does not win by length alone. (PostgreSQL's ts_rank knows neither; on the
 * evaluation set it found the answer in the first six for 0.54 of the questions against BM25's 0.76.) A word of the
 * piece's heading path counts like a word of its text. The word statistics are the owner's (context_piece_terms,
 * context_piece_owner_stats), over all their pieces; the pieces ranked are those this director may read.
 *
 * Early stop (MaxScore): a word can add at most idf × (k1 + 1) to a piece's score. The words are taken from the
 * rarest; once the 30th best score among the pieces holding the words taken reaches the sum of the bounds of the
 * words left, no piece holding only words left can enter the best 30, so those pieces are never read (the words left
 * still count in the score of the pieces read). The first round takes the rarest words held by at least
 * TEXT_FIRST_ROUND_PIECES pieces; when that does not settle it, the second takes as many more words as the first
 * round's 30th score proves enough, so it is final. (When those rarest words already hold a quarter of the owner's
 * pieces, every word is read at once.)
 */
async function textRanking(
  db: DatabaseHandle["db"],
  input: Parameters<typeof inScope>[0],
  state: OwnerWords,
  plan: TextPlan,
  copy: OwnerRankingIndex | undefined,
): Promise<TextRanking> {
  const { owner, stats } = state;
  if (stats.length === 0) return { ranked: [] };
  const terms: TextTerm[] = stats
    .map((row) => ({
      lexeme: row.lexeme,
      pieces: row.pieces,
      idf: Math.log(1 + (owner.n - row.pieces + 0.5) / (row.pieces + 0.5)),
    }))
    .sort((a, b) => a.pieces - b.pieces || (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
  const averageLength = Math.max(1, owner.total / Math.max(1, owner.n));
  // left[j]: the most the words from j on can add to a piece's score.
  const left = new Array<number>(terms.length + 1).fill(0);
  for (let j = terms.length - 1; j >= 0; j--) left[j] = (left[j + 1] ?? 0) + (terms[j]?.idf ?? 0) * (BM25_K1 + 1);

  let taken = terms.length;
  if (plan === "early-stop") {
    let held = 0;
    taken = terms.findIndex((term) => {
      held += term.pieces;
      return held >= TEXT_FIRST_ROUND_PIECES;
    });
    // When even the rarest words are held by a large share of the pieces, no word is rare enough to stop before
    // (text drawn from a small vocabulary): every word at once, in one round.
    taken = taken < 0 || held > owner.n * TEXT_EARLY_STOP_SHARE ? terms.length : taken + 1;
  }
  if (!copy && owner.n <= TEXT_SHORTLIST) {
    // A small owner's pieces are all read whatever the plan: every word at once, ranked in the statement that reads
    // the pieces (one statement less).
    return { sql: smallOwnerTextRanking(input, terms, averageLength) };
  }
  const positions = (scores: TextScore[]) => ({
    ranked: scores.map((row, index) => ({ id: row.id, position: index + 1 })),
  });
  for (;;) {
    const scores = copy
      ? scoreFromIndex(copy, { ...input, closedSources: owner.closedSources ?? [] }, terms, taken, averageLength)
      : await scoreTextPieces(db, input, terms, taken, averageLength);
    if (taken >= terms.length) return positions(scores);
    const floor = scores.length >= CANDIDATES_PER_RANKING ? scores[CANDIDATES_PER_RANKING - 1]?.score : undefined;
    if (floor !== undefined && floor >= (left[taken] ?? 0)) return positions(scores);
    // The 30th score can only rise as words are added, so the first point where the words left add at most that much
    // settles the ranking; without 30 pieces yet, one more word.
    let next = taken + 1;
    if (floor !== undefined) while (next < terms.length && (left[next] ?? 0) > floor) next += 1;
    taken = next;
  }
}

/**
 * The best CANDIDATES_PER_RANKING BM25 scores among the pieces in scope holding one of the first `taken` terms
 * (found through the GIN index on search_vector), every term counting in the score. A first pass scores each piece as
 * if every word it shares occurred once (a containment test per word, without unpacking the piece's words) and keeps
 * the best TEXT_SHORTLIST; only those are scored in full.
 */
async function scoreTextPieces(
  db: DatabaseHandle["db"],
  input: Parameters<typeof inScope>[0],
  terms: TextTerm[],
  taken: number,
  averageLength: number,
): Promise<TextScore[]> {
  if (taken === 0) return [];
  const k1 = sql.raw(String(BM25_K1));
  const b = sql.raw(String(BM25_B));
  const saturation = sql.raw(String(BM25_K1 + 1));
  // tsquery literals, bound as values, so the planner sees which words it is choosing an index for.
  const anyOf = anyOfTerms(terms.slice(0, taken));
  // The first pass's sum of the idf of the words a piece holds, one containment test per word in the row's expression.
  const heldIdf = sql.join(
    terms.map(
      (term) =>
        sql`case when m.search_vector @@ ${tsqueryLiteral(term.lexeme)}::tsquery then ${term.idf}::float8 else 0 end`,
    ),
    sql` + `,
  );
  const rows = rowsOf<TextScore>(
    await db.execute(sql`
      with terms as (${termsTable(terms)}),
      matched as materialized (
        select p.id, p.search_vector, length(p.content)::float8 / ${averageLength}::float8 as len
        from context_pieces p
        where p.search_vector @@ ${anyOf}::tsquery and ${inScope(input)}
      ),
      shortlist as (
        select m.id from matched m
        order by (${heldIdf}) * ${saturation} / (1 + ${k1} * (1 - ${b} + ${b} * m.len)) desc, m.id
        limit ${TEXT_SHORTLIST}
      ),
      tf as (
        select m.id, m.len, u.lexeme, coalesce(array_length(u.weights, 1), 1)::float8 as n
        from shortlist s join matched m on m.id = s.id cross join lateral unnest(m.search_vector) u
        where u.lexeme in (select lexeme from terms)
      )
      select tf.id, ${BM25_SUM} as score
      from tf join terms t on t.lexeme = tf.lexeme
      group by tf.id
      order by score desc, tf.id
      limit ${CANDIDATES_PER_RANKING}
    `),
  );
  return rows.map((row) => ({ id: row.id, score: Number(row.score) }));
}

/** A word as a tsquery literal, to be bound as a value. */
function tsqueryLiteral(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** A tsquery matching any of the words, to be bound as a value. */
function anyOfTerms(terms: TextTerm[]): string {
  return terms.map((term) => tsqueryLiteral(term.lexeme)).join(" | ");
}

/** The words with their idf, as rows (lexeme, idf) for a `terms` CTE. */
function termsTable(terms: TextTerm[]): SQL {
  const termsJson = JSON.stringify(terms.map(({ lexeme, idf }) => ({ lexeme, idf })));
  return sql`select lexeme, idf from json_to_recordset(${termsJson}::json) as t(lexeme text, idf float8)`;
}

/**
 * A piece's BM25 score over the rows of `tf` (its relative length `len`, and how often it holds each word, `n`)
 * joined to `terms` as `t`, in the floating-point operations scoreFromIndex repeats.
 */
const BM25_SUM = sql.raw(
  `sum(t.idf * (tf.n * ${BM25_K1 + 1}) / (tf.n + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * tf.len)))::float8`,
);

/**
 * scoreTextPieces for an owner with no more pieces than TEXT_SHORTLIST, every word taken, as a sub-select giving
 * each of the best CANDIDATES_PER_RANKING its position: every piece holding a word is in the shortlist, so it is
 * scored in full at once, with the same BM25 in the same order. The owner's pieces in scope are read first
 * (materialized): the words never choose an index, so a plan kept for the statement fits every question.
 */
function smallOwnerTextRanking(input: Parameters<typeof inScope>[0], terms: TextTerm[], averageLength: number): SQL {
  return sql`(
    with terms as (${termsTable(terms)}),
    owned as materialized (
      select p.id, p.search_vector, length(p.content)::float8 / ${averageLength}::float8 as len
      from context_pieces p where ${inScope(input)}
    ),
    tf as (
      select m.id, m.len, u.lexeme, coalesce(array_length(u.weights, 1), 1)::float8 as n
      from owned m cross join lateral unnest(
        ts_filter(setweight(setweight(m.search_vector, 'D'), 'A', (select array_agg(lexeme) from terms)), '{a}')
      ) u
      where m.search_vector @@ ${anyOfTerms(terms)}::tsquery
    ),
    scored as (
      select tf.id, ${BM25_SUM} as score
      from tf join terms t on t.lexeme = tf.lexeme
      group by tf.id
    )
    select id, row_number() over (order by score desc, id) as position
    from scored
    order by position
    limit ${CANDIDATES_PER_RANKING}
  )`;
}

/**
 * scoreTextPieces from the process's copy of the owner's postings (ranking-index.ts) instead of the database: the same
 * candidates (pieces in scope holding one of the first `taken` terms), the same first pass and shortlist, the same
 * BM25 in full, the same order (score, then id), computed with the same floating-point operations.
 */
function scoreFromIndex(
  copy: OwnerRankingIndex,
  scope: CopyScope,
  terms: TextTerm[],
  taken: number,
  averageLength: number,
): TextScore[] {
  if (taken === 0) return [];
  const count = copy.ids.length;
  const inScope = scopeOf(copy, scope);
  const postingsOf = terms.map((term) => copy.postings.get(term.lexeme));
  // Candidates: in scope and holding one of the words taken.
  const candidate = new Uint8Array(count);
  const candidates: number[] = [];
  for (let j = 0; j < taken; j++) {
    const postings = postingsOf[j];
    if (!postings) continue;
    for (const piece of postings.pieces) {
      if (candidate[piece] === 0 && inScope(piece)) {
        candidate[piece] = 1;
        candidates.push(piece);
      }
    }
  }
  // First pass: the idf of every word a candidate holds, added in the terms' order as the SQL expression adds them.
  const held = new Float64Array(count);
  for (const [j, term] of terms.entries()) {
    const postings = postingsOf[j];
    if (!postings) continue;
    for (const piece of postings.pieces) if (candidate[piece] === 1) held[piece] = (held[piece] ?? 0) + term.idf;
  }
  const relativeLength = (piece: number) => (copy.lengths[piece] ?? 0) / averageLength;
  const firstPass = new Float64Array(count);
  for (const piece of candidates) {
    firstPass[piece] =
      ((held[piece] ?? 0) * (BM25_K1 + 1)) / (1 + BM25_K1 * (1 - BM25_B + BM25_B * relativeLength(piece)));
  }
  // The shortlist (the best first passes, ties to the lower piece number, as the SQL orders by score and id), scored
  // in full: each word's term frequency from its postings.
  const shortlisted = new Uint8Array(count);
  const shortlist = bestByScore(candidates, firstPass, TEXT_SHORTLIST);
  for (const piece of shortlist) shortlisted[piece] = 1;
  const score = new Float64Array(count);
  // Added in the order of the words in a search vector (their bytes' order), as the SQL sum reads them, so that equal
  // scores come out equal to the last bit.
  const byBytes = terms
    .map((term, j) => ({ term, j, bytes: Buffer.from(term.lexeme) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  for (const { term, j } of byBytes) {
    const postings = postingsOf[j];
    if (!postings) continue;
    for (const [index, piece] of postings.pieces.entries()) {
      if (shortlisted[piece] !== 1) continue;
      const n = postings.counts[index] ?? 1;
      score[piece] =
        (score[piece] ?? 0) +
        (term.idf * (n * (BM25_K1 + 1))) / (n + BM25_K1 * (1 - BM25_B + BM25_B * relativeLength(piece)));
    }
  }
  return shortlist
    .sort((a, b) => (score[b] ?? 0) - (score[a] ?? 0) || a - b)
    .slice(0, CANDIDATES_PER_RANKING)
    .map((piece) => ({ id: copy.ids[piece] ?? "", score: score[piece] ?? 0 }));
}

/**
 * Reciprocal rank fusion of the rankings, best first, without near-copies of
 * a piece already taken, at most `count`.
 */
function fuse(rows: RankedRow[], weights: number[], count: number): RetrievedPiece[] {
  const pieces = new Map<string, RetrievedPiece>();
  for (const row of rows) {
    const gained = (weights[row.ranking] ?? 1) / (RRF_K + row.position);
    const known = pieces.get(row.id);
    if (known) known.score += gained;
    else {
      const { ranking: _ranking, position: _position, ...piece } = row;
      pieces.set(row.id, { ...piece, score: gained });
    }
  }
  const ranked = [...pieces.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const chosen: Array<{ piece: RetrievedPiece; words: Set<string> }> = [];
  for (const piece of ranked) {
    if (chosen.length >= count) break;
    const words = wordsOf(piece.content);
    if (chosen.some((taken) => overlap(words, taken.words) >= NEAR_COPY_OVERLAP)) continue;
    chosen.push({ piece, words });
  }
  return chosen.map((taken) => taken.piece);
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** The share of the smaller piece's words that the other has too. */
function overlap(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / small.size;
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

/**
 * A statement whose plan does not depend on the values bound (the word statistics, the fusion: one owner's rows by
 * key), prepared on PGlite, where planning it is most of its time (docs/decisions/0020); through `db` on a PostgreSQL
 * server. The full-text scoring statements are not: their tsquery literals are bound so that the planner chooses the
 * index for each word.
 */
/** Both drivers (PGlite and node-postgres) answer a raw query with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

import { type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { executePrepared } from "../db/execute-prepared";
import { LARGE_OWNER_PIECES } from "../db/owner-text-index";
import { pieceVectorRankings, rankedWithoutOwnIndexes } from "../db/vector-store";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { cosineQueryLiteral, embedTexts } from "./embeddings";
import type { AiProvider } from "./provider";

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
 * The chat waits for retrieval before it can start, and goes on without context when retrieval fails, so the
 * question's embedding gets one quick retry rather than the full policy (about a minute of backoff).
 */
const QUESTION_EMBEDDING_RETRIES = 1;

/** How many of its best pieces each ranking hands to the fusion. */
const CANDIDATES_PER_RANKING = 30;
/**
 * Reciprocal rank fusion: a piece scores the sum of weight / (RRF_K + rank) over the rankings that found it. The
 * method's paper uses 60, which flattens the ranks so much that a piece halfway down every list beats one list's clear
 * first; 20 keeps agreement between rankings worth more than one first place while a clear first still counts
 * (measured on the evaluation set: docs/benchmarks.md).
 */
const RRF_K = 20;
/**
 * A follow-up ("and in winter?") is also searched with the conversation's latest questions, and those rankings count
 * as much as the question's own: a follow-up's few words alone rank whatever shares them, and a question on a new topic
 * is not pulled back to the old one by it (docs/benchmarks.md).
 */
const FOLLOW_UP_WEIGHT = 1;
/** How many earlier questions of the conversation, newest first, tell what a follow-up is about. */
const FOLLOW_UP_QUESTIONS = 2;
const FOLLOW_UP_MAX_CHARS = 600;
/** BM25's usual constants: how fast repeats of a word stop counting, and how much a piece's length weighs. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/**
 * How much the vector ranking counts against the full-text one in the fusion: the test AI server's hashed-word
 * embeddings did best at a half on the evaluation set, and a real model's vectors are not weighted down further.
 */
const VECTOR_WEIGHT = 0.5;
/** Two pieces sharing this much of their wording are near-copies (a page added twice, two versions of a file). */
const NEAR_COPY_OVERLAP = 0.8;

/** What retrieval needs of the app: the database, the embedding model, its settings and a log. */
type RetrievalDeps = {
  database: DatabaseHandle;
  ai: AiProvider;
  env: Pick<Env, "RETRIEVAL_PIECE_THRESHOLD" | "RETRIEVAL_PIECE_COUNT" | "RETRIEVAL_EMBEDDING_WAIT_MS">;
  log: Logger;
};

export type QueryEmbedding = { model: string; vector: number[] };

/** One wording of what is asked: its text for full-text search, its embedding (if any), and its weight in the fusion. */
export type SearchQuery = { text: string; embedding: QueryEmbedding | undefined; weight: number };

/** Whose pieces are searched, with their count of pieces when the caller has read it (rankPieces). */
type Owner = { userId: string; ownerPieces?: number };

/** What is asked, by which owner, after which earlier questions of the conversation (oldest first). */
export type Question = Owner & { question: string; earlierQuestions?: readonly string[]; signal?: AbortSignal };

/** What a director's retrieval may read: this owner's pieces, from sources the director may use, outside `skip…`. */
export type SearchScope = { directorId: string; skipDepartments?: string[] };

/**
 * One question's search, started once and ranked for each director who answers it (a chat turn's one, a board
 * meeting's several): its wordings and their embeddings, asked for in one request as soon as the search starts.
 */
export type QuestionSearch = {
  rank(scope: SearchScope & { mode?: RetrievalMode; count?: number }): Promise<RetrievedPiece[]>;
};

/**
 * Starts the search for a question: the question itself and, when the conversation has earlier questions, the
 * question together with the latest of them (so a follow-up finds what the conversation is about). Both wordings are
 * embedded in one request, made now; full text alone when the database has no pgvector, no embedding model is set or
 * the embedding fails.
 */
export function startSearch(deps: RetrievalDeps, input: Question): QuestionSearch {
  const texts = searchTexts(input.question, input.earlierQuestions ?? []);
  const embeddings = texts.length > 0 ? embedQuestions(deps, texts, input.signal) : Promise.resolve([]);
  return {
    rank(scope) {
      return rankPieces(deps.database, {
        userId: input.userId,
        ownerPieces: input.ownerPieces,
        ...scope,
        queries: texts.map((text, index) => ({ text, weight: index === 0 ? 1 : FOLLOW_UP_WEIGHT })),
        embeddings,
        threshold: deps.env.RETRIEVAL_PIECE_THRESHOLD,
        count: scope.count ?? deps.env.RETRIEVAL_PIECE_COUNT,
      });
    },
  };
}

/** The texts searched for a question: the question, then its follow-up wording when the conversation has one. */
export function searchTexts(question: string, earlierQuestions: readonly string[]): string[] {
  if (question.trim() === "") return [];
  const earlier = earlierQuestions
    .slice(-FOLLOW_UP_QUESTIONS)
    .map((text) => text.trim())
    .filter(Boolean);
  if (earlier.length === 0) return [question];
  const followUp = [...earlier, question.trim()].join("\n");
  return [question, followUp.length <= FOLLOW_UP_MAX_CHARS ? followUp : followUp.slice(-FOLLOW_UP_MAX_CHARS)];
}

/** searchTexts with each text's embedding and weight, for the evaluation, which embeds them its own way. */
export async function searchQueries(
  question: string,
  earlierQuestions: readonly string[],
  embed: (text: string) => Promise<QueryEmbedding | undefined>,
): Promise<SearchQuery[]> {
  const texts = searchTexts(question, earlierQuestions);
  const embeddings = await Promise.all(texts.map(embed));
  return texts.map((text, index) => ({
    text,
    embedding: embeddings[index],
    weight: index === 0 ? 1 : FOLLOW_UP_WEIGHT,
  }));
}

/**
 * The texts' embeddings for retrieval, in one request, one answer per text; none without pgvector or an embedding
 * model, or when the provider fails (retrieval then uses full text alone). The chat waits for it, so a slow provider is
 * given RETRIEVAL_EMBEDDING_WAIT_MS from the moment it is asked: then the request is withdrawn.
 */
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

/** A piece as one ranking placed it. */
type RankedRow = Omit<RetrievedPiece, "score"> & { ranking: number; position: number };

/** The retrieval itself, given the queries' embeddings (the evaluation and the benchmark call it): see rankPieces. */
export function searchPieces(
  database: Pick<DatabaseHandle, "db" | "vectors" | "prepared">,
  input: SearchInput & { queries: SearchQuery[] },
): Promise<RetrievedPiece[]> {
  return rankPieces(database, { ...input, embeddings: Promise.resolve(input.queries.map((query) => query.embedding)) });
}

type SearchInput = SearchScope & Owner & { threshold: number; count: number; mode?: RetrievalMode };

/**
 * Full-text rank (BM25) and vector similarity (pgvector, only vectors from the query's model) each rank the owner's
 * pieces in the database, each ranking returning its best CANDIDATES_PER_RANKING: the full-text rankings in one
 * statement at once, while the question's embeddings are on their way, the vector rankings in another once they are
 * in; reciprocal rank fusion merges them here, and near-copies of a piece already chosen are skipped. Only this
 * owner's pieces, and only from sources this director may use. An owner known to have no index of their own is ranked
 * through prepared statements on the embedded database (one plan for every such owner), with one read of its vectors.
 */
async function rankPieces(
  database: Pick<DatabaseHandle, "db" | "vectors" | "prepared">,
  input: SearchInput & {
    queries: Array<{ text: string; weight: number }>;
    embeddings: Promise<Array<QueryEmbedding | undefined>>;
  },
): Promise<RetrievedPiece[]> {
  const mode = input.mode ?? "hybrid";
  const scope = inScope(input);
  const prepared = input.ownerPieces !== undefined && rankedWithoutOwnIndexes(database.vectors, input.ownerPieces);
  const read = (lists: SQL) => readRankings(prepared ? database : { db: database.db }, input.userId, lists);
  const worded = mode === "vector" ? [] : input.queries.filter((query) => query.text.trim() !== "");
  const textRows = worded.length > 0 ? read(textRankings(input.userId, worded, scope)) : [];
  const embedded = (mode === "text" ? Promise.resolve([]) : input.embeddings).then((embeddings) =>
    input.queries.flatMap((query, index) => {
      const embedding = embeddings[index];
      return embedding ? [{ weight: query.weight * VECTOR_WEIGHT, embedding }] : [];
    }),
  );
  const vectorRows = embedded.then((queries) => {
    const rankings = pieceVectorRankings(database.vectors, {
      userId: input.userId,
      // The question's wordings are embedded in one request, so by one model; their rankings follow the text ones.
      model: queries[0]?.embedding.model ?? "",
      dimensions: queries[0]?.embedding.vector.length ?? 0,
      vectors: queries.map((query) => cosineQueryLiteral(query.embedding.vector)),
      firstRanking: worded.length,
      exact: prepared,
      threshold: input.threshold,
      limit: CANDIDATES_PER_RANKING,
      scope,
    });
    return rankings ? read(rankings) : [];
  });
  const [text, vectors, rankings] = await Promise.all([textRows, vectorRows, embedded]);
  return fuse(
    [...text, ...vectors],
    [...worded.map((query) => query.weight), ...rankings.map((ranking) => ranking.weight)],
    input.count,
  );
}

/** Reads the pieces of rankings given as rows (ranking, id, position), each row with its ranking and position. */
async function readRankings(database: Pick<DatabaseHandle, "db" | "prepared">, userId: string, lists: SQL) {
  // The owner's sources are read once: joined to the pieces directly, the planner scans a small table again for every
  // piece.
  const statement = sql`
      with sources as materialized (select s.id, s.name from knowledge_sources s where s.user_id = ${userId})
      select l.ranking, l.position::int as position, p.id, p.department, p.source_field as "sourceField", p.content,
        p.source_id as "sourceId", s.name as "sourceName", p.location
      from (${lists}) l
      join context_pieces p on p.id = l.id
      left join sources s on s.id = p.source_id
    `;
  return executePrepared<RankedRow>(database, statement);
}

/**
 * Whether any piece is in the scope retrieval would search (this owner's, from sources this director may use, outside
 * `skipDepartments`), as an SQL boolean: a caller that reads it with other state spares a turn the retrieval statement
 * (and its embeddings) when there is nothing to find, as for an owner who has trained one director and added no notes.
 */
export function piecesInScope(input: { userId: string } & SearchScope): SQL {
  return sql`exists (select 1 from context_pieces p where ${inScope(input)})`;
}

/**
 * What every ranking reads, as a condition on `context_pieces p`: this owner's pieces, from sources this director may
 * use. The sources are one list the database reads once and hashes (an uncorrelated `in`), not a look-up per piece.
 */
function inScope(input: { userId: string } & SearchScope): SQL {
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

/**
 * The full-text rankings of every wording, as rows (ranking: the wording's index, id, position): the pieces in scope
 * sharing a word with the wording, best first by BM25. A word rare among the owner's pieces counts more than a common
 * one, and a long piece does not win by length alone (PostgreSQL's ts_rank knows neither). A word of the piece's
 * heading path counts like a word of its text. The word statistics are the owner's (context_piece_terms and
 * context_piece_owner_stats, kept by triggers), over all their pieces. An owner of more than LARGE_OWNER_PIECES has
 * only the pieces holding each wording's rarest words scored, the words taken rarest first while fewer than that many
 * pieces hold those taken before (so the rarest always): rare words decide BM25's ranking, and the common ones would
 * cost the most to find. A smaller owner's pieces are read through their owner and matched one by one (`ts_match_vq`,
 * the operator's function, which no index serves): the whole table's matches for a question's common words cost more.
 * The candidates are scored on all the words, each vector cut down to them before it is unpacked.
 */
function textRankings(userId: string, wordings: Array<{ text: string }>, scope: SQL): SQL {
  const k1 = sql.raw(String(BM25_K1));
  const b = sql.raw(String(BM25_B));
  // Each wording's words, and a tsquery matching any of them. Where a piece's row uses them they are sub-selects,
  // worked out once a run: a prepared statement's plan would otherwise work them out for every piece (rankPieces).
  const words = wordings.map((wording) => sql`to_tsvector('english', ${wording.text})`);
  const allWords = sql.join(words, sql` || `);
  const anyWord = sql`(select case when length(${allWords}) = 0 then null
    else replace(strip(${allWords})::text, ''' ''', ''' | ''')::tsquery end)`;
  const wordingWords = sql.join(
    words.map((vector, index) => sql`(${index}::int, tsvector_to_array(${vector}))`),
    sql`, `,
  );
  return sql`
    with owner as (
      select pieces::float8 as n, content_length::float8 / greatest(pieces, 1) as average_length
      from context_piece_owner_stats where user_id = ${userId}
    ),
    terms as materialized (
      select w.wording, t.lexeme, t.pieces,
        ln(1 + ((select n from owner) - t.pieces + 0.5) / (t.pieces + 0.5)) as idf
      from (values ${wordingWords}) w(wording, lexemes)
      cross join lateral unnest(w.lexemes) l(lexeme)
      join context_piece_terms t on t.user_id = ${userId} and t.lexeme = l.lexeme
    ),
    rarest as (
      select replace(array_to_tsvector(array_agg(distinct lexeme))::text, ''' ''', ''' | ''')::tsquery as query
      from (select lexeme, sum(pieces) over (partition by wording order by pieces, lexeme) - pieces as rarer from terms) t
      where rarer < ${LARGE_OWNER_PIECES}
    ),
    matched as materialized (
      select p.id, p.search_vector, length(p.content)::float8 / (select average_length from owner) as len
      from context_pieces p
      where (select n from owner) <= ${LARGE_OWNER_PIECES} and ts_match_vq(p.search_vector, ${anyWord}) and ${scope}
      union all
      select p.id, p.search_vector, length(p.content)::float8 / (select average_length from owner) as len
      from context_pieces p
      where (select n from owner) > ${LARGE_OWNER_PIECES} and p.search_vector @@ (select query from rarest) and ${scope}
    ),
    tf as (
      select m.id, m.len, u.lexeme, coalesce(array_length(u.weights, 1), 1)::float8 as n
      from matched m cross join lateral unnest(
        ts_filter(setweight(setweight(m.search_vector, 'D'), 'A', (select tsvector_to_array(${allWords}))), '{a}')
      ) u
    ),
    scored as (
      select t.wording, tf.id,
        sum(t.idf * (tf.n * (${k1} + 1)) / (tf.n + ${k1} * (1 - ${b} + ${b} * tf.len))) as score
      from tf join terms t on t.lexeme = tf.lexeme
      group by t.wording, tf.id
    ),
    ranked as (
      select wording, id, row_number() over (partition by wording order by score desc, id) as position from scored
    )
    select wording as ranking, id, position from ranked where position <= ${CANDIDATES_PER_RANKING}
  `;
}

/** Reciprocal rank fusion, best first, without near-copies of a piece already taken, at most `count`. */
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

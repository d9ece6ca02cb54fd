import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";

/**
 * What ranking an owner's pieces needs, kept in this process so that retrieval does not read every candidate
 * piece from the database (docs/decisions/0024, "Ranking from the process's memory"): for every word of the owner's
 * pieces' search vectors, the pieces holding it and how often, and for every piece its length, department and
 * knowledge source, which is exactly what the SQL full-text ranking (retrieval.ts, scoreTextPieces) reads, so it ranks
 * alike; and, where the database has pgvector, what the vector ranking needs: for an owner of up to `levelsMaxPieces`
 * pieces each vector in 8-bit levels, whose cosines are close enough to the exact ones to rank by in the process
 * (docs/decisions/0020, "Eleventh round"); for a larger owner each vector's signs (one bit per dimension, an eighth of
 * the levels' bytes), for the pre-selection of a pool that the database re-ranks exactly (vector-store.ts).
 *
 * It is a copy of the database at one version of the owner's pieces (context_piece_owner_stats.version, changed by
 * every statement that writes one of them, migration 0016). Retrieval reads the version in the statement it runs
 * anyway and uses the copy only when the versions are equal; otherwise the database answers and the copy is built
 * again in the background: once at a time per owner, after the owner's pieces have stopped changing for a moment (a
 * document is written in several statements). Every owner with pieces gets one by default (`minPieces`): even for a
 * hundred pieces the database's full-text statements were most of a chat turn's time before its first token, and such
 * a copy is a few tens of kilobytes (docs/decisions/0020, fifth round). The copies of one database share `maxBytes`, the
 * least recently used going first.
 *
 * Copies are built one at a time, and after each build the builder rests as long as the build took: when more large
 * owners ask than `maxBytes` holds (a server shared by many), copies keep replacing each other, and this bounds what
 * that costs to half of one database connection's time, whatever the number of owners.
 */
export type RankingIndexOptions = {
  /** Owners with fewer pieces are ranked by the database alone (tests and benchmarks raise it). */
  minPieces: number;
  /** The most the copies of one database may hold together (an estimate of their bytes in the heap). */
  maxBytes: number;
  /** How long an owner's pieces must stay unchanged before their copy is built. */
  settleMs: number;
  /** Owners with up to this many pieces have their vectors kept in 8-bit levels; larger owners, their signs. */
  levelsMaxPieces: number;
};

export const RANKING_INDEX_DEFAULTS: RankingIndexOptions = {
  minPieces: 1,
  maxBytes: 64 * 1024 * 1024,
  settleMs: 500,
  // 1.5 MB of levels at most for one owner (1,536 dimensions), against 0.2 MB of signs.
  levelsMaxPieces: 1_000,
};

/** Pieces read per statement while building, so that other statements on the embedded database run in between. */
const BUILD_CHUNK = 1_000;
/** Vectors read per statement while building (about 10 ms of the embedded database's time each). */
const LEVELS_CHUNK = 200;
/** Builds that found the owner's pieces changed while reading them are tried again this many times, then dropped. */
const BUILD_ATTEMPTS = 4;
/** Owners waiting for a copy at most; beyond it retrieval's request is dropped (the owner's next question asks again). */
const MAX_WAITING = 64;

/** One word's postings: the pieces holding it (ascending piece numbers) and how many times each holds it. */
export type Postings = { pieces: Uint32Array; counts: Uint16Array };

/** The signs of the owner's vectors of one model and size, piece after piece (`words` 32-bit words each). */
export type SignsGroup = {
  pieces: Uint32Array;
  words: number;
  signs: Int32Array;
};

/**
 * The owner's vectors of one model and size in 8-bit levels, piece after piece (`dimensions` levels each): each vector
 * scaled so that its largest component is ±127 and rounded. The scale drops out of a cosine, so a piece's cosine with
 * a query is the levels' dot product with it over the levels' length (`lengths`) and the query's.
 */
export type LevelsGroup = {
  pieces: Uint32Array;
  dimensions: number;
  levels: Int8Array;
  lengths: Float64Array;
};

/** One owner's copy. Pieces are numbered in the order of their ids, so comparing numbers compares ids. */
export type OwnerRankingIndex = {
  userId: string;
  version: string;
  ids: string[];
  /** Each piece's content length in characters (BM25's piece length, as length(content)). */
  lengths: Float64Array;
  /** Each piece's department, as a number into `departments`. */
  departmentOf: Uint16Array;
  departments: string[];
  /** Each piece's knowledge source, as a number into `sources`, or -1 for none. */
  sourceOf: Int32Array;
  sources: string[];
  postings: Map<string, Postings>;
  /** A large owner's vector signs by `${model}/${dimensions}`; empty without pgvector or with levels. */
  signs: Map<string, SignsGroup>;
  /** A smaller owner's vector levels by `${model}/${dimensions}`; empty without pgvector or with signs. */
  levels: Map<string, LevelsGroup>;
  /** An estimate of the heap the copy takes. */
  bytes: number;
  /** How long the copy took to build, in milliseconds. */
  buildMs: number;
};

type Database = DatabaseHandle["db"];

const registries = new WeakMap<Database, RankingIndexes>();

/** The full-text copies kept for this database (one registry per database the process opened). */
export function rankingIndexes(db: Database): RankingIndexes {
  let registry = registries.get(db);
  if (!registry) {
    registry = new RankingIndexes(db);
    registries.set(db, registry);
  }
  return registry;
}

export class RankingIndexes {
  options: RankingIndexOptions = { ...RANKING_INDEX_DEFAULTS };
  /** The copies, least recently used first. */
  private readonly copies = new Map<string, OwnerRankingIndex>();
  /** Owners waiting for their copy, in the order they asked, with the latest version retrieval saw meanwhile. */
  private readonly waiting = new Map<string, { latest: string }>();
  private building = false;
  private bytes = 0;

  constructor(private readonly db: Database) {}

  /** The owner's copy if it is of this version; a copy of another version is dropped. */
  current(userId: string, version: string): OwnerRankingIndex | undefined {
    const copy = this.copies.get(userId);
    if (!copy) return undefined;
    this.copies.delete(userId);
    if (copy.version !== version) {
      this.bytes -= copy.bytes;
      return undefined;
    }
    this.copies.set(userId, copy);
    return copy;
  }

  /**
   * Retrieval found no current copy for an owner of `pieces` pieces at `version`: for a large owner, build it in the
   * background once the pieces have settled, after the owners already waiting (an owner waiting or being built only
   * has the version noted).
   */
  want(userId: string, version: string, pieces: number): void {
    if (pieces < this.options.minPieces) return;
    const pending = this.waiting.get(userId);
    if (pending) {
      pending.latest = version;
      return;
    }
    if (this.waiting.size >= MAX_WAITING) return;
    this.waiting.set(userId, { latest: version });
    if (!this.building) void this.buildWaiting();
  }

  /** Builds the owner's copy now and keeps it (benchmarks and tests); undefined for an owner with no pieces. */
  async ready(userId: string): Promise<OwnerRankingIndex | undefined> {
    return (await this.build(userId)).copy;
  }

  /** How many copies are kept and their estimated bytes together. */
  get size(): { owners: number; bytes: number } {
    return { owners: this.copies.size, bytes: this.bytes };
  }

  /** Builds the waiting owners' copies in turn (a map visits what is added while it is iterated). */
  private async buildWaiting(): Promise<void> {
    this.building = true;
    try {
      for (const [userId, job] of this.waiting) {
        let readMs = 0;
        try {
          readMs = (await this.build(userId, job)).readMs;
        } catch {
          // The database answers without the copy (closed, or failing): the next question asks again.
        }
        this.waiting.delete(userId);
        await pause(readMs);
      }
    } finally {
      this.building = false;
    }
  }

  /**
   * Reads the owner's copy and keeps it, again while a write comes in between (at most BUILD_ATTEMPTS times); with a
   * job, each attempt first waits for the owner's pieces to settle. `readMs` is the time spent reading.
   */
  private async build(
    userId: string,
    job?: { latest: string },
  ): Promise<{ copy: OwnerRankingIndex | undefined; readMs: number }> {
    let readMs = 0;
    for (let attempt = 0; attempt < BUILD_ATTEMPTS; attempt++) {
      if (job) {
        let seen: string;
        do {
          seen = job.latest;
          await pause(this.options.settleMs);
        } while (job.latest !== seen);
      }
      const started = performance.now();
      const built = await buildOwnerRankingIndex(this.db, userId, this.options.levelsMaxPieces);
      readMs += performance.now() - started;
      if (built === "changed") continue;
      if (built) this.keep(built);
      return { copy: built, readMs };
    }
    return { copy: undefined, readMs };
  }

  private keep(copy: OwnerRankingIndex): void {
    const previous = this.copies.get(copy.userId);
    if (previous) {
      this.copies.delete(copy.userId);
      this.bytes -= previous.bytes;
    }
    if (copy.bytes > this.options.maxBytes) return;
    this.copies.set(copy.userId, copy);
    this.bytes += copy.bytes;
    for (const [userId, oldest] of this.copies) {
      if (this.bytes <= this.options.maxBytes) break;
      this.copies.delete(userId);
      this.bytes -= oldest.bytes;
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

type PieceRow = {
  id: string;
  length: number;
  department: string;
  sourceId: string | null;
  lexemes: string[] | null;
  counts: number[] | null;
};

/**
 * Reads the owner's pieces in chunks by id, between two readings of the owner's version: "changed" when a write
 * came in between (the chunks may then disagree with each other), undefined when the owner has no pieces. The pieces
 * read are those retrieval may return: the owner's, with no source or a source of theirs.
 */
export async function buildOwnerRankingIndex(
  db: Database,
  userId: string,
  levelsMaxPieces: number,
): Promise<OwnerRankingIndex | undefined | "changed"> {
  const started = performance.now();
  const stateOf = async () =>
    rowsOf<{ version: string; vectors: boolean }>(
      await db.execute(sql`
        select version::text as version, to_regclass('context_piece_embeddings') is not null as vectors
        from context_piece_owner_stats where user_id = ${userId}`),
    )[0];
  const state = await stateOf();
  if (state === undefined) return undefined;
  const version = state.version;

  const ids: string[] = [];
  const lengths: number[] = [];
  const departmentOf: number[] = [];
  const sourceOf: number[] = [];
  const departments = new Map<string, number>();
  const sources = new Map<string, number>();
  const lists = new Map<string, { pieces: number[]; counts: number[] }>();
  // The owner's piece ids first (from the owner's index), then their words by primary key, a chunk at a time: the
  // cost follows the owner, not the table.
  const owned = rowsOf<{ id: string }>(
    await db.execute(sql`select p.id from context_pieces p where p.user_id = ${userId} order by p.id`),
  ).map((row) => row.id);
  for (let start = 0; start < owned.length; start += BUILD_CHUNK) {
    const chunk = owned.slice(start, start + BUILD_CHUNK);
    const rows = rowsOf<PieceRow>(
      await db.execute(sql`
        select p.id, length(p.content)::int as length, p.department, p.source_id as "sourceId",
          w.lexemes, w.counts
        from context_pieces p
        cross join lateral (
          select array_agg(u.lexeme) as lexemes, array_agg(coalesce(array_length(u.weights, 1), 1)) as counts
          from unnest(p.search_vector) u
        ) w
        where p.id = any(${`{${chunk.join(",")}}`}::uuid[]) and p.user_id = ${userId}
          and (p.source_id is null or p.source_id in (select s.id from knowledge_sources s where s.user_id = ${userId}))
        order by p.id
      `),
    );
    for (const row of rows) {
      const piece = ids.length;
      ids.push(row.id);
      lengths.push(row.length);
      departmentOf.push(numberFor(departments, row.department));
      sourceOf.push(row.sourceId === null ? -1 : numberFor(sources, row.sourceId));
      const lexemes = row.lexemes ?? [];
      const counts = row.counts ?? [];
      for (const [index, lexeme] of lexemes.entries()) {
        let list = lists.get(lexeme);
        if (!list) {
          list = { pieces: [], counts: [] };
          lists.set(lexeme, list);
        }
        list.pieces.push(piece);
        list.counts.push(counts[index] ?? 1);
      }
    }
  }
  const withLevels = state.vectors && ids.length <= levelsMaxPieces;
  const signs = state.vectors && !withLevels ? await readSigns(db, userId, ids) : new Map<string, SignsGroup>();
  const levels = withLevels ? await readLevels(db, userId, ids) : new Map<string, LevelsGroup>();
  if ((await stateOf())?.version !== version) return "changed";

  // Heap estimate: typed arrays' bytes plus V8's overheads for strings, map entries and array objects.
  const postings = new Map<string, Postings>();
  let bytes = ids.length * (56 + 8 + 2 + 4) + 64 * (departments.size + sources.size + 1);
  for (const [lexeme, list] of lists) {
    postings.set(lexeme, { pieces: Uint32Array.from(list.pieces), counts: Uint16Array.from(list.counts) });
    bytes += 2 * 96 + 40 + 24 + lexeme.length + list.pieces.length * 6;
  }
  for (const group of signs.values()) bytes += 2 * 96 + group.pieces.length * (4 + group.words * 4);
  for (const group of levels.values()) bytes += 3 * 96 + group.pieces.length * (4 + 8 + group.dimensions);
  return {
    userId,
    version,
    ids,
    lengths: Float64Array.from(lengths),
    departmentOf: Uint16Array.from(departmentOf),
    departments: [...departments.keys()],
    sourceOf: Int32Array.from(sourceOf),
    sources: [...sources.keys()],
    postings,
    signs,
    levels,
    bytes,
    buildMs: performance.now() - started,
  };
}

/**
 * The owner's vector signs (from the index that holds them beside the owner), for the pieces of the copy, grouped by
 * model and size.
 */
async function readSigns(db: Database, userId: string, ids: string[]): Promise<Map<string, SignsGroup>> {
  const rows = rowsOf<{ id: string; model: string; signs: string }>(
    await db.execute(sql`
      select e.piece_id as id, e.model, e.embedding_signs::text as signs
      from context_piece_embeddings e where e.user_id = ${userId}`),
  );
  const groups = new Map<string, SignsGroup>();
  const grouped = groupedByModel(ids, rows, (row) => ({ dimensions: row.signs.length, signs: row.signs }));
  for (const [key, group] of grouped) {
    const dimensions = group[0]?.dimensions ?? 0;
    const words = Math.ceil(dimensions / 32);
    const signs = new Int32Array(group.length * words);
    for (const [index, row] of group.entries()) packSigns(row.signs, signs, index * words);
    groups.set(key, { pieces: Uint32Array.from(group.map((row) => row.piece)), words, signs });
  }
  return groups;
}

/**
 * The owner's vectors in 8-bit levels, for the pieces of the copy, grouped by model and size. Each is read in
 * pgvector's binary form (vector_send: the dimensions, two unused bytes, then each component as a big-endian 32-bit
 * float), which the database writes without formatting a number, in base64: PGlite's reading of a bytea column took
 * 78 ms for a hundred vectors, base64 6 ms (docs/decisions/0020, "Eleventh round").
 */
async function readLevels(db: Database, userId: string, ids: string[]): Promise<Map<string, LevelsGroup>> {
  const rows: Array<{ id: string; model: string; bytes: string }> = [];
  for (let start = 0; start < ids.length; start += LEVELS_CHUNK) {
    const chunk = ids.slice(start, start + LEVELS_CHUNK);
    rows.push(
      ...rowsOf<{ id: string; model: string; bytes: string }>(
        await db.execute(sql`
          select e.piece_id as id, e.model, encode(vector_send(e.embedding), 'base64') as bytes
          from context_piece_embeddings e
          where e.user_id = ${userId} and e.piece_id = any(${`{${chunk.join(",")}}`}::uuid[])`),
      ),
    );
  }
  const vectors = groupedByModel(ids, rows, (row) => {
    const bytes = Buffer.from(row.bytes, "base64");
    const vector = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { dimensions: vector.getUint16(0), vector };
  });
  const groups = new Map<string, LevelsGroup>();
  for (const [key, group] of vectors) {
    const dimensions = group[0]?.dimensions ?? 0;
    const levels = new Int8Array(group.length * dimensions);
    const lengths = new Float64Array(group.length);
    for (const [index, row] of group.entries()) {
      lengths[index] = packLevels(row.vector, dimensions, levels, index * dimensions);
    }
    groups.set(key, { pieces: Uint32Array.from(group.map((row) => row.piece)), dimensions, levels, lengths });
  }
  return groups;
}

/**
 * Rows of the copy's pieces (others are left out), each read by `read`, grouped by `${model}/${dimensions}`, each
 * group in the order of the pieces.
 */
function groupedByModel<Row extends { id: string; model: string }, Read extends { dimensions: number }>(
  ids: string[],
  rows: Row[],
  read: (row: Row) => Read,
): Map<string, Array<Read & { piece: number }>> {
  const numberOf = new Map(ids.map((id, piece) => [id, piece]));
  const grouped = new Map<string, Array<Read & { piece: number }>>();
  for (const row of rows) {
    const piece = numberOf.get(row.id);
    if (piece === undefined) continue;
    const value = read(row);
    const key = `${row.model}/${value.dimensions}`;
    let group = grouped.get(key);
    if (!group) {
      group = [];
      grouped.set(key, group);
    }
    group.push({ ...value, piece });
  }
  for (const group of grouped.values()) group.sort((a, b) => a.piece - b.piece);
  return grouped;
}

/** Writes a vector in pgvector's binary form into `into` from `offset` as levels; returns the levels' length. */
function packLevels(vector: DataView, dimensions: number, into: Int8Array, offset: number): number {
  let largest = 0;
  for (let dimension = 0; dimension < dimensions; dimension++) {
    largest = Math.max(largest, Math.abs(vector.getFloat32(4 + 4 * dimension)));
  }
  const scale = largest > 0 ? 127 / largest : 0;
  let squares = 0;
  for (let dimension = 0; dimension < dimensions; dimension++) {
    const level = Math.round(vector.getFloat32(4 + 4 * dimension) * scale);
    into[offset + dimension] = level;
    squares += level * level;
  }
  return Math.sqrt(squares);
}

/** Writes a bit string ("0110…") into `into` from `offset`, 32 bits a word, the first bit lowest. */
function packSigns(bits: string, into: Int32Array, offset: number): void {
  for (let bit = 0; bit < bits.length; bit++) {
    if (bits.charCodeAt(bit) === 49) {
      const word = offset + (bit >>> 5);
      into[word] = (into[word] ?? 0) | (1 << (bit & 31));
    }
  }
}

/** What of retrieval's scope a copy can tell: departments the caller skips, and sources this director may not use. */
export type CopyScope = { skipDepartments?: string[]; closedSources: readonly string[] };

/** Whether a piece of the copy is in the scope (its department not skipped, its source, if any, open to the director). */
export function scopeOf(copy: OwnerRankingIndex, scope: CopyScope): (piece: number) => boolean {
  const skipped = new Set(scope.skipDepartments ?? []);
  const closed = new Set(scope.closedSources);
  const departmentOpen = copy.departments.map((department) => !skipped.has(department));
  const sourceOpen = copy.sources.map((source) => !closed.has(source));
  return (piece) => {
    const source = copy.sourceOf[piece] ?? -1;
    return departmentOpen[copy.departmentOf[piece] ?? 0] === true && (source < 0 || sourceOpen[source] === true);
  };
}

/**
 * The `pool` pieces in scope whose signs are closest to the query, as ids; every piece in scope when there are no
 * more. A piece's score is the query's own vector against the piece's signs: the sum of the query's components, each
 * taken with the sign of the piece's (an estimate of their dot product with the piece's vector reduced to ±1, the
 * query kept whole). Reducing only the stored side loses much less than comparing the signs of both (the database's
 * pre-selection, vector-store.ts): the same share of the exact six best fits in a smaller pool (docs/decisions/0024,
 * "The query kept whole"). Ties by id. The scope is applied before the pool is cut (the SQL pre-selection applies it
 * after, and ranks exactly when too few are left), so the pool always holds the closest pieces the director may use.
 * Undefined when the copy has no signs of this model and size.
 */
export function preselectBySigns(
  copy: OwnerRankingIndex,
  scope: CopyScope,
  query: { model: string; vector: readonly number[] },
  pool: number,
): string[] | undefined {
  const group = copy.signs.get(`${query.model}/${query.vector.length}`);
  if (!group) return undefined;
  const { words, signs } = group;
  const sums = byteSums(query.vector, words);
  const count = group.pieces.length;
  const inScope = scopeOf(copy, scope);
  const scores = new Float64Array(count);
  const inScopeIndexes: number[] = [];
  for (let index = 0; index < count; index++) {
    if (!inScope(group.pieces[index] ?? 0)) continue;
    inScopeIndexes.push(index);
    // Four sums, one for each byte of a word, so that the additions do not each wait for the one before.
    let first = 0;
    let second = 0;
    let third = 0;
    let fourth = 0;
    const offset = index * words;
    for (let word = 0; word < words; word++) {
      const bits = signs[offset + word] ?? 0;
      const table = word << 10;
      first += sums[table | (bits & 255)] ?? 0;
      second += sums[table | 256 | ((bits >>> 8) & 255)] ?? 0;
      third += sums[table | 512 | ((bits >>> 16) & 255)] ?? 0;
      fourth += sums[table | 768 | (bits >>> 24)] ?? 0;
    }
    scores[index] = first + second + third + fourth;
  }
  return bestIds(copy, group.pieces, inScopeIndexes, scores, pool);
}

/**
 * For each byte of a piece's signs (eight dimensions) and each of its 256 values, the sum of the query's components
 * over those dimensions, each added where the bit is set and subtracted where it is not: a piece's score is then one
 * lookup a byte instead of one addition a dimension. Byte `b` of word `w` holds dimensions 32w + 8b to 32w + 8b + 7,
 * lowest bit first (packSigns); its table starts at 1024w + 256b.
 */
function byteSums(vector: readonly number[], words: number): Float32Array {
  const sums = new Float32Array(words * 1024);
  for (let byte = 0; byte < words * 4; byte++) {
    const first = byte * 8;
    const table = byte * 256;
    let none = 0;
    for (let bit = 0; bit < 8; bit++) none -= vector[first + bit] ?? 0;
    sums[table] = none;
    // The values below 2^(bit + 1) are those below 2^bit, and the same with that bit's component turned to plus.
    for (let bit = 0; bit < 8; bit++) {
      const turned = 2 * (vector[first + bit] ?? 0);
      const half = 1 << bit;
      for (let value = 0; value < half; value++) sums[table + half + value] = (sums[table + value] ?? 0) + turned;
    }
  }
  return sums;
}

/**
 * The vector ranking from the copy's levels: the `limit` pieces in scope most similar to the query by the cosine of
 * their levels, down to `threshold`, as ids, most similar first, ties by id (the order of the database's exact ranking,
 * vector-store.ts). For 1,536 dimensions a level's cosine is within about 1e-4 of the vector's. A piece with a zero
 * vector has no direction and is never similar, as in the database. Undefined when the copy has no levels of this
 * model and size.
 */
export function rankByLevels(
  copy: OwnerRankingIndex,
  scope: CopyScope,
  query: { model: string; vector: readonly number[] },
  threshold: number,
  limit: number,
): string[] | undefined {
  const group = copy.levels.get(`${query.model}/${query.vector.length}`);
  if (!group) return undefined;
  const { dimensions, levels, lengths } = group;
  const vector = Float64Array.from(query.vector);
  const queryLength = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (queryLength === 0) return [];
  const count = group.pieces.length;
  const inScope = scopeOf(copy, scope);
  const scores = new Float64Array(count);
  const similar: number[] = [];
  for (let index = 0; index < count; index++) {
    const length = lengths[index] ?? 0;
    if (length === 0 || !inScope(group.pieces[index] ?? 0)) continue;
    let dot = 0;
    const offset = index * dimensions;
    for (let dimension = 0; dimension < dimensions; dimension++) {
      dot += (levels[offset + dimension] ?? 0) * (vector[dimension] ?? 0);
    }
    const score = dot / (length * queryLength);
    scores[index] = score;
    if (score >= threshold) similar.push(index);
  }
  return bestIds(copy, group.pieces, similar, scores, limit);
}

/**
 * The ids of the `n` of `indexes` (into a group's `pieces`) with the highest `scores`, best first. Indexes follow the
 * pieces' order, which is the ids' order, so the lower index wins a tie.
 */
function bestIds(
  copy: OwnerRankingIndex,
  pieces: Uint32Array,
  indexes: number[],
  scores: Float64Array,
  n: number,
): string[] {
  const chosen = bestByScore(indexes, scores, n);
  chosen.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  return chosen.map((index) => copy.ids[pieces[index] ?? 0] ?? "");
}

/**
 * The `n` of `items` (piece numbers or indexes in the order of the pieces' ids) with the highest `scores`, ties going
 * to the lower item, in no particular order; all of them when there are no more. The n-th best score is found by
 * selection, without sorting: with an owner's ten thousand candidates, sorting them was a few milliseconds a question
 * (docs/decisions/0024, "The million-piece table on the embedded engine").
 */
export function bestByScore(items: readonly number[], scores: Float64Array, n: number): number[] {
  if (items.length <= n) return [...items];
  if (n <= 0) return [];
  const floor = nthLargest(
    Float64Array.from(items, (item) => scores[item] ?? 0),
    n,
  );
  const above = items.filter((item) => (scores[item] ?? 0) > floor);
  const at = items.filter((item) => scores[item] === floor).sort((a, b) => a - b);
  return [...above, ...at.slice(0, n - above.length)];
}

/** The n-th largest of `values` (1 ≤ n ≤ length), by quickselect; reorders `values`. */
function nthLargest(values: Float64Array, n: number): number {
  const k = values.length - n;
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >>> 1] ?? 0;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i += 1;
      while ((values[j] ?? 0) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    // Now values[left..j] ≤ pivot ≤ values[i..right], and everything between j and i equals the pivot.
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return pivot;
  }
  return values[k] ?? 0;
}

function numberFor(numbers: Map<string, number>, key: string): number {
  let number = numbers.get(key);
  if (number === undefined) {
    number = numbers.size;
    numbers.set(key, number);
  }
  return number;
}

/** Both drivers (PGlite and node-postgres) answer a raw query with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

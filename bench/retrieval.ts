// Retrieval benchmark: `npm run bench:retrieval [-- --pieces 1000000 --queries 200 --rebuild]` on the embedded
// database, or with DATABASE_URL on that PostgreSQL server (with or without pgvector; without it, full text alone).
//
// Builds, once, a table of `--pieces` context pieces (1,000,000 by default) and keeps it for the next runs
// (bench/bench-database.ts; `--rebuild` starts again): an owner of 100 pieces, the rest owners of 10,000, their pieces
// interleaved in the table the way pieces arrive over time, each piece six sentences of the evaluation set's documents
// (eval/retrieval/documents) with a 1,536-dimension vector made of a centre and two offsets drawn from pools, so that
// nearest neighbours mean something. Then it times the hybrid retrieval as the chat runs it (searchPieces: full text
// and vectors ranked in the database, fused) for the evaluation set's questions, each with a vector near one of the
// owner's own:
//   - the owner of 100 pieces (target p95 ≤ 10 ms);
//   - an owner of 10,000 without indexes of their own (the exact scan of their vectors), then with them once they are
//     built, as after a large write (indexLargeOwnerText, settlePieceEmbeddings; their build times are reported), with
//     how many of the exact scan's top six the HNSW index keeps (target p95 ≤ 100 ms on the embedded database, ≤ 50 ms
//     on a server);
//   - that owner's full-text ranking alone.
// `--compare <git ref>` checks the ref out in a temporary worktree and times its searchPieces on the same table, each
// question asked of the ref and of this checkout in turn, with how many of the ref's top six this checkout's keeps.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type RetrievalMode, type SearchQuery, searchPieces } from "../server/ai/retrieval";
import type { DatabaseHandle } from "../server/db/client";
import { indexLargeOwnerText } from "../server/db/owner-text-index";
import { dropOwnerIndexes, settlePieceEmbeddings } from "../server/db/vector-store";
import { openKeptBenchDatabase } from "./bench-database";
import { checkOutRef, compareRefArg } from "./compare-ref";
import { percentile } from "./percentile";

const DIMENSIONS = 1536;
const MODEL = "text-embedding-3-small";
const CENTRES = 256;
const OFFSETS_A = 1000;
const OFFSETS_B = 1013;
const WARMUP = 10;
const SMALL_OWNER = 100;
const LARGE_OWNER = 10_000;
const SENTENCES_PER_PIECE = 6;
const CHUNK = 10_000;
const DOCUMENTS = "eval/retrieval/documents";
const QUESTIONS = "eval/retrieval/questions.json";

const pieces = numberOption("--pieces", 1_000_000);
const queries = numberOption("--queries", 200);
const largeOwners = Math.max(1, Math.floor((pieces - SMALL_OWNER) / LARGE_OWNER));
const owners = largeOwners + 1;
const sentences = corpusSentences();
const questions = (JSON.parse(fs.readFileSync(QUESTIONS, "utf8")) as Array<{ question: string }>).map(
  (question) => question.question,
);

/** How many pieces the kept table holds. */
let counted = 0;
type Search = { label: string; search: typeof searchPieces };
const compareRef = compareRefArg("bench:retrieval");
const checkout = compareRef ? checkOutRef(compareRef, { build: false }) : undefined;
const searches: Search[] = [
  ...(checkout && compareRef
    ? [{ label: compareRef, search: (await import(path.join(checkout.root, "server/ai/retrieval.ts"))).searchPieces }]
    : []),
  { label: "this checkout", search: searchPieces },
];
const database = await openKeptBenchDatabase(`retrieval_${pieces}`, { rebuild: process.argv.includes("--rebuild") });
const handle = await database.open();
try {
  if (!(await built(handle))) await build(handle);
  const vectors = handle.vectors.available;
  const lines = [
    `${database.label}, ${vectors ? "pgvector" : "no pgvector: full text only"}; ${counted.toLocaleString("en")} pieces: ` +
      `an owner of ${SMALL_OWNER} and ${largeOwners} of ${LARGE_OWNER.toLocaleString("en")}; ${queries} questions`,
  ];
  const large = LARGE_OWNER.toLocaleString("en");
  lines.push(...rows(`owner of ${SMALL_OWNER}, hybrid`, await time(handle, "bench-small")));
  // Without the owner's own indexes first: those left by an earlier run go, and are built again below.
  await dropOwnerIndexes(handle.db, "bench-1");
  const exact = await time(handle, "bench-1");
  lines.push(...rows(`owner of ${large}, hybrid, no index of their own`, exact));
  let started = performance.now();
  await indexLargeOwnerText(handle.db, "bench-1");
  lines.push(`full-text index of the owner of ${large} ready in ${seconds(started)}`);
  started = performance.now();
  await settlePieceEmbeddings(handle.db, handle.vectors, ["bench-1"]);
  if (vectors) lines.push(`HNSW index of the owner of ${large} ready in ${seconds(started)}`);
  const indexed = await time(handle, "bench-1");
  lines.push(...rows(`owner of ${large}, hybrid, own indexes`, indexed));
  const exactTop = exact.at(-1)?.top ?? [];
  if (vectors)
    lines.push(`top six through the HNSW index, the exact scan's: ${kept(indexed.at(-1)?.top ?? [], exactTop)}`);
  lines.push(...rows(`owner of ${large}, full text alone`, await time(handle, "bench-1", "text")));
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await handle.close();
  checkout?.remove();
}

type Timed = { label: string; ms: number[]; top: string[][] };

/** A row for each search timed, and with a compared ref, how many of the ref's top six this checkout's keeps. */
function rows(label: string, timed: Timed[]): string[] {
  const [ref, current] = timed;
  return [
    ...timed.map((one) => row(timed.length > 1 ? `${label} (${one.label})` : label, one.ms)),
    ...(ref && current ? [`${"".padEnd(4)}top six the ref's: ${kept(current.top, ref.top)}`] : []),
  ];
}

/** The share of the other ranking's top six each question's top six holds, averaged over the questions. */
function kept(tops: string[][], others: string[][]): string {
  const shares = tops.map((top, i) => top.filter((id) => others[i]?.includes(id)).length / 6);
  return (shares.reduce((sum, share) => sum + share, 0) / Math.max(1, shares.length)).toFixed(3);
}

/**
 * The owner's retrieval for the same questions every time it is called (a seeded choice), timed after a warm-up; each
 * question by every search in turn, the first to ask it taking turns.
 */
async function time(handle: DatabaseHandle, userId: string, mode: RetrievalMode = "hybrid"): Promise<Timed[]> {
  const timed = searches.map((search) => ({ label: search.label, ms: [] as number[], top: [] as string[][] }));
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < WARMUP + queries; i++) {
    const text = questions[Math.floor(next() * questions.length)] ?? "What are our prices?";
    const embedding = handle.vectors.available
      ? { model: MODEL, vector: await nearOwnerVector(handle, userId, next) }
      : undefined;
    const query: SearchQuery = { text, embedding, weight: 1 };
    const order = i % 2 === 0 ? searches : [...searches].reverse();
    for (const { label, search } of order) {
      const started = performance.now();
      const found = await search(handle, {
        userId,
        ownerPieces: userId === "bench-small" ? SMALL_OWNER : LARGE_OWNER,
        directorId: "martha",
        queries: [query],
        threshold: 0,
        count: 6,
        mode,
      });
      const into = timed.find((one) => one.label === label);
      if (i >= WARMUP && into) {
        into.ms.push(performance.now() - started);
        into.top.push(found.map((piece) => piece.id));
      }
    }
    process.stderr.write(`\r${userId}: question ${i + 1} of ${WARMUP + queries}`);
  }
  process.stderr.write("\n");
  return timed;
}

/** A question's vector: one of the owner's stored vectors, moved about a third of its length. */
async function nearOwnerVector(handle: DatabaseHandle, userId: string, next: () => number): Promise<number[]> {
  const size = userId === "bench-small" ? SMALL_OWNER : LARGE_OWNER;
  const result = await handle.db.execute(sql`
    select embedding::text as v from context_piece_embeddings where user_id = ${userId}
    order by piece_id offset ${Math.floor(next() * size * 0.9)} limit 1`);
  const stored = JSON.parse((result as unknown as { rows: Array<{ v: string }> }).rows[0]?.v ?? "[]") as number[];
  return stored.map((value) => value + (next() - 0.5) * 0.7);
}

async function built(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.db.execute(sql`select count(*)::int as n from context_pieces`);
  counted = (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  return counted > 0;
}

/** Owner `bench-small` has pieces 1, 1 + `owners`, …; owner `bench-k` the others, interleaved. */
async function build(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const vectors = handle.vectors.available;
  const started = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email)
    select case when g = 0 then 'bench-small' else 'bench-' || g end, 'Owner ' || g, 'owner' || g || '@bench.example'
    from generate_series(0, ${largeOwners}) g
  `);
  if (vectors) {
    // The vectors' parts: centres, larger and smaller offsets.
    await db.execute(sql`create table if not exists bench_pool (kind int, i int, v vector, primary key (kind, i))`);
    await db.execute(sql`
      insert into bench_pool
      select kind, i, (select array_agg(((random() - 0.5) * scale + 0 * x)::real) from generate_series(1, ${sql.raw(String(DIMENSIONS))}) x)::vector
      from (values (0, ${sql.raw(String(CENTRES))}, 1.0), (1, ${sql.raw(String(OFFSETS_A))}, 0.6), (2, ${sql.raw(String(OFFSETS_B))}, 0.3)) k(kind, n, scale),
        generate_series(0, n - 1) i
    `);
  }
  await db.execute(sql`create table if not exists bench_sentences (i int primary key, s text not null)`);
  await db.execute(sql`
    insert into bench_sentences
    select i::int, s from json_array_elements_text(${JSON.stringify(sentences)}::json) with ordinality as x(s, i)`);
  // Six sentences drawn each on its own (the subquery depends on k).
  const content = sql`(select string_agg((select s from bench_sentences
      where i = (select 1 + floor(random() * ${sentences.length})::int + 0 * k)), ' ')
    from generate_series(1, ${SENTENCES_PER_PIECE} + 0 * g) k)`;
  // The small owner's pieces are the first `owners` × 100 rows' every `owners`-th; the large owners share the rest.
  const ownerOf = sql`case when g % ${owners} = 0 and g < ${owners * SMALL_OWNER} then 'bench-small'
    else 'bench-' || (1 + g % ${largeOwners}) end`;
  for (let start = 0; start < pieces; start += CHUNK) {
    const end = Math.min(pieces, start + CHUNK) - 1;
    const rows = sql`select g, gen_random_uuid() as id, ${ownerOf} as user_id from generate_series(${start}::int, ${end}::int) g`;
    const insertPieces = sql`
      insert into context_pieces (id, user_id, department, source_field, content)
      select id, user_id, (array['profile', 'martha', 'finn', 'ollie', 'harper', 'knowledge'])[1 + g % 6],
        'field_' || (g % 100), ${content}
      from src`;
    await db.execute(
      vectors
        ? sql`
          with src as materialized (${rows}), p as (${insertPieces} returning id)
          insert into context_piece_embeddings (piece_id, user_id, model, embedding)
          select src.id, src.user_id, ${MODEL}, c.v + a.v + b.v
          from src
          join bench_pool c on c.kind = 0 and c.i = (g::bigint * 7919) % ${sql.raw(String(CENTRES))}
          join bench_pool a on a.kind = 1 and a.i = (g::bigint * 104729) % ${sql.raw(String(OFFSETS_A))}
          join bench_pool b on b.kind = 2 and b.i = g % ${sql.raw(String(OFFSETS_B))}`
        : sql`with src as materialized (${rows}) ${insertPieces}`,
    );
    process.stderr.write(`\rloaded ${end + 1} pieces in ${seconds(started)}`);
  }
  process.stderr.write("\n");
  await db.execute(sql`vacuum analyze`);
  await built(handle);
  process.stderr.write(`built in ${seconds(started)}\n`);
}

function row(label: string, values: number[]): string {
  return `${label.padEnd(62)} | p50 ${ms(percentile(values, 50))} p95 ${ms(percentile(values, 95))}`;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`.padStart(9);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(0)} s`;
}

function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The evaluation set's documents cut into sentences (a line of a table counts as one). */
function corpusSentences(): string[] {
  return fs
    .readdirSync(DOCUMENTS)
    .sort()
    .flatMap((name) =>
      fs
        .readFileSync(path.join(DOCUMENTS, name), "utf8")
        .replace(/<[^>]+>/g, " ")
        .split(/(?<=[.!?])\s+|\n+/),
    )
    .map((sentence) =>
      sentence
        .replace(/[#*|]+/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((sentence) => sentence.split(" ").length >= 4);
}

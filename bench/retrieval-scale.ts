// Retrieval at owner scale (issue 12): `npm run bench:retrieval-scale` (embedded PGlite), or with DATABASE_URL on a
// PostgreSQL server (with or without pgvector; without it retrieval is full text only).
//
//   npm run bench:retrieval-scale -- [--pieces 1000000] [--per-owner 10000] [--queries 200] [--pools 200,400]
//                                     [--text corpus|uniform] [--compare <git ref>] [--write-cost] [--rebuild]
//                                     [--copies-mb 64] [--owners-asked 1] [--first-only]
//
// Builds, once, a database of `pieces` context pieces spread over owners of `per-owner` pieces each, every piece with
// a 1536-dimension vector, and keeps it for the next runs (bench/bench-database.ts: a data folder under the temporary
// folder, or a database `directors_bench_scale_<pieces>_<text>` on the server; `--rebuild` starts it again). Rows are
// generated inside the database, interleaved across owners the way pieces arrive over time (an owner's pieces are
// spread over the whole table), with clustered vectors (a centre plus two offsets drawn from pools) so that nearest
// neighbours mean something.
//
// The pieces' text and the questions:
//   - `--text corpus` (the default): each piece is six sentences drawn at random from the evaluation set's documents
//     (eval/retrieval/documents/), so words come in their real frequencies (a few very common, most rare), and the
//     questions are the evaluation set's questions;
//   - `--text uniform`: 30 words drawn evenly from a 60-word vocabulary, and questions made of three of them, so every
//     piece shares a word with every question: full text's worst case.
//
// Before timing, it builds each owner's full-text copy in this process (server/ai/ranking-index.ts; an owner of 10,000 is
// above its threshold) and reports the time and the heap it takes. The copies share the product's bound (64 MB) unless
// `--copies-mb` sets another, to see a process whose bound holds every owner (a million pieces: 100 owners of 10,000).
// `--owners-asked N` sends every question to the first N owners only (and builds only their copies): an embedded
// installation usually serves one or a few businesses, however large the table.
// Then, for random owners and questions (each with a vector near one of the owner's stored vectors), it times first the
// hybrid retrieval as the chat runs it (the store's plan, from the copy where current), before any other row has read
// the question's pages into the engine's buffers (with --compare, the ref's on a question of its own, the two taking
// turns to go first): the "first" rows, the figure to hold against the target. With `--pools`, one "first" row per pool
// size, each on a question of its own, taking turns to go first. `--first-only` stops there (no other row, no exact
// search: minutes less a run at a million pieces). Then, on the same questions in turn:
//   - full text alone (searchPieces in "text" mode): from the in-memory copy (the product for a large owner), and in
//     the database with its early stop and with every word; how often the copy's 30 best are exactly the database's
//     early stop's, and the early stop's exactly every word's;
//   - for each vector plan the store knows (vector-store.ts's PIECE_VECTOR_PLANS), in the database alone and, for the
//     pre-selection, from the process's copy: the vector ranking alone, and the hybrid retrieval (vector and full text
//     fused) as the chat runs it, with the overlap of each plan's six best with the exact search's six best;
//   - with `--compare <git ref>`: that ref's retrieval code (checked out in a temporary worktree) on the same database,
//     full text alone and hybrid, so a change is judged against it in one run (the ref's own copies are built first
//     too, under the same bound).
// `--write-cost` first times what full text's word statistics and GIN index add to writing pieces (writeCost below).
// Target: hybrid p95 ≤ 30 ms at 10,000 pieces per owner.
import fs from "node:fs";
import path from "node:path";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { rankingIndexes } from "../server/ai/ranking-index";
import { type SearchQuery, searchPieces } from "../server/ai/retrieval";
import type { DatabaseHandle } from "../server/db/client";
import { PIECE_VECTOR_PLANS, type PieceVectorPlan } from "../server/db/vector-store";
import { openKeptBenchDatabase } from "./bench-database";
import { checkOutRef, compareRefArg } from "./compare-ref";
import { percentile } from "./percentile";
import { pickWord, vocabularyQuestion, vocabularyTextPerRow } from "./vocabulary";

const DIMENSIONS = 1536;
const MODEL = "text-embedding-3-small";
const CENTRES = 256;
const OFFSETS_A = 1000;
const OFFSETS_B = 1013;
const WARMUP = 20;
const COUNT = 6;
const TEXT_CANDIDATES = 30;
const SENTENCES_PER_PIECE = 6;
const DOCUMENTS = "eval/retrieval/documents";
const QUESTIONS = "eval/retrieval/questions.json";

const pieces = numberOption("--pieces", 1_000_000);
const perOwner = numberOption("--per-owner", 10_000);
const queries = numberOption("--queries", 200);
const chunk = numberOption("--chunk", 10_000);
const copiesMb = numberOption("--copies-mb", 0);
const owners = Math.ceil(pieces / perOwner);
const ownersAsked = Math.min(owners, numberOption("--owners-asked", owners));
const poolsIndex = process.argv.indexOf("--pools");
const pools = poolsIndex >= 0 ? (process.argv[poolsIndex + 1] ?? "").split(",").map(Number).filter(Boolean) : [];
const textIndex = process.argv.indexOf("--text");
const textKind = textIndex >= 0 ? process.argv[textIndex + 1] : "corpus";
if (textKind !== "corpus" && textKind !== "uniform") throw new Error("--text: corpus or uniform");
const firstOnly = process.argv.includes("--first-only");
const compareRef = compareRefArg("bench:retrieval-scale");
const sentences = textKind === "corpus" ? corpusSentences() : [];
const evaluationQuestions = (JSON.parse(fs.readFileSync(QUESTIONS, "utf8")) as Array<{ question: string }>).map(
  (question) => question.question,
);

const checkout = compareRef ? checkOutRef(compareRef, { build: false }) : undefined;
const reference = checkout
  ? ((await import(path.join(checkout.root, "server/ai/retrieval.ts"))) as { searchPieces: typeof searchPieces })
  : undefined;
const database = await openKeptBenchDatabase(`scale_${pieces}_${textKind}`, {
  rebuild: process.argv.includes("--rebuild"),
});
const handle = await database.open();
// The compared ref keeps its own copies (its own module): built first too, under the same bound.
const referenceIndexes = checkout
  ? ((await import(path.join(checkout.root, "server/ai/ranking-index.ts"))) as {
      rankingIndexes: typeof rankingIndexes;
    })
  : undefined;
if (copiesMb > 0) {
  rankingIndexes(handle.db).options.maxBytes = copiesMb * 1024 * 1024;
  if (referenceIndexes) referenceIndexes.rankingIndexes(handle.db).options.maxBytes = copiesMb * 1024 * 1024;
}
try {
  const vectors = handle.vectors.available;
  if (!(await built(handle))) await build(handle);
  if (process.argv.includes("--write-cost")) await writeCost(handle);
  const copies = await buildCopies(handle);
  // Each plan the store knows, the binary pre-selection with each pool size asked for (`--pools 200,400`).
  // The exact plan in the database alone; the pre-selection in the database alone and from the process's copy (the
  // product for a large owner: signs and full text from the copy).
  type Plan = { name: string; plan: PieceVectorPlan; pool?: number; inMemory: boolean };
  const plans: Plan[] = vectors
    ? PIECE_VECTOR_PLANS.flatMap((plan): Plan[] =>
        plan === "exact"
          ? [{ name: `${plan}, database`, plan, inMemory: false }]
          : (pools.length ? pools : [undefined]).flatMap((pool) =>
              [false, true].map((inMemory) => ({
                name: `${plan}${pool ? ` ${pool}` : ""}, ${inMemory ? "in memory" : "database"}`,
                plan,
                pool,
                inMemory,
              })),
            ),
      )
    : [{ name: "full text only", plan: "exact", inMemory: true }];
  const timing = new Map(
    plans.map((plan) => [plan.name, { vector: [] as number[], hybrid: [] as number[], overlap: 0 }]),
  );
  // Full text alone: the early stop, every word, and the compared ref's code.
  const textTiming = {
    "in memory": [] as number[],
    "early stop": [] as number[],
    "every word": [] as number[],
    ...(reference ? { [`${compareRef} (ref)`]: [] as number[] } : {}),
  } as Record<string, number[]>;
  // The hybrid retrieval as the chat runs it, timed before any other ranking has read this question's pages (the later
  // rows re-read pages the rows before them brought into the engine's buffers); with --compare, the ref's on a question
  // of its own, the two taking turns to go first.
  // With --pools, the product's retrieval once per pool size, each on a question of its own.
  const firstVariants: Array<{ name: string; pool?: number; reference?: boolean }> = [
    ...(pools.length
      ? pools.map((pool) => ({ name: `hybrid as the chat runs it, first, pool ${pool}`, pool }))
      : [{ name: "hybrid as the chat runs it, first" }]),
    ...(reference ? [{ name: `hybrid, ${compareRef} (ref), first`, reference: true }] : []),
  ];
  const firstReading = new Map(firstVariants.map((variant) => [variant.name, [] as number[]]));
  let sameTop = 0;
  let topOverlap = 0;
  let memorySameTop = 0;
  for (let i = 0; i < WARMUP + queries; i++) {
    const userId = `scale-${1 + Math.floor(Math.random() * ownersAsked)}`;
    const query: SearchQuery = {
      text: question(),
      embedding: vectors ? { model: MODEL, vector: await nearOwnerVector(handle, userId) } : undefined,
      weight: 1,
    };
    const input = { userId, directorId: "martha", queries: [query], threshold: 0, count: COUNT };
    const textInput = { ...input, mode: "text" as const, count: TEXT_CANDIDATES };
    const measured = i >= WARMUP;
    const firstTurns = await Promise.all(
      firstVariants.map(async (variant, turn) => {
        // The first variant answers the question the later rows time; each other one a question of its own.
        const variantInput =
          turn === 0
            ? input
            : {
                ...input,
                queries: [
                  {
                    text: question(),
                    embedding: vectors ? { model: MODEL, vector: await nearOwnerVector(handle, userId) } : undefined,
                    weight: 1,
                  },
                ],
              };
        return async () => {
          const store = { ...handle, vectors: { ...handle.vectors, preselectionPool: variant.pool } };
          const began = performance.now();
          if (variant.reference) await reference?.searchPieces(handle, variantInput);
          else await searchPieces(store, variantInput);
          if (measured) firstReading.get(variant.name)?.push(performance.now() - began);
        };
      }),
    );
    // The variants take turns to go first.
    const shift = i % firstTurns.length;
    for (const turn of [...firstTurns.slice(shift), ...firstTurns.slice(0, shift)]) await turn();
    if (firstOnly) {
      process.stderr.write(`\rquestion ${i + 1} of ${WARMUP + queries}`);
      continue;
    }
    let started = performance.now();
    const memory = await searchPieces(handle, textInput);
    textTiming["in memory"]?.push(performance.now() - started);
    started = performance.now();
    const early = await searchPieces(handle, { ...textInput, inMemory: false });
    textTiming["early stop"]?.push(performance.now() - started);
    started = performance.now();
    const every = await searchPieces(handle, { ...textInput, textPlan: "every-word", inMemory: false });
    textTiming["every word"]?.push(performance.now() - started);
    if (reference) {
      started = performance.now();
      await reference.searchPieces(handle, textInput);
      textTiming[`${compareRef} (ref)`]?.push(performance.now() - started);
    }
    if (measured) {
      const earlyIds = early.map((piece) => piece.id);
      const everyIds = every.map((piece) => piece.id);
      if (earlyIds.join() === everyIds.join()) sameTop += 1;
      if (memory.map((piece) => piece.id).join() === earlyIds.join()) memorySameTop += 1;
      const everySix = everyIds.slice(0, COUNT);
      topOverlap += everySix.length
        ? earlyIds.slice(0, COUNT).filter((id) => everySix.includes(id)).length / everySix.length
        : 1;
    } else {
      for (const values of Object.values(textTiming)) values.pop();
    }
    let exactIds: string[] = [];
    for (const { name, plan, pool, inMemory } of vectors ? plans : []) {
      const store = { ...handle, vectors: { ...handle.vectors, plan, preselectionPool: pool } };
      started = performance.now();
      const found = await searchPieces(store, { ...input, mode: "vector", inMemory });
      const vectorMs = performance.now() - started;
      started = performance.now();
      await searchPieces(store, { ...input, inMemory });
      const hybridMs = performance.now() - started;
      const ids = found.map((piece) => piece.id);
      if (plan === "exact") exactIds = ids;
      const entry = timing.get(name);
      if (measured && entry) {
        entry.vector.push(vectorMs);
        entry.hybrid.push(hybridMs);
        entry.overlap += exactIds.length ? ids.filter((id) => exactIds.includes(id)).length / exactIds.length : 1;
      }
    }
    process.stderr.write(`\rquestion ${i + 1} of ${WARMUP + queries}`);
  }
  process.stderr.write("\n");
  const lines = [
    `${database.label}, ${vectors ? "pgvector" : "no pgvector: full text only"}; ` +
      `${pieces.toLocaleString("en")} pieces, ${owners} owners of ${perOwner.toLocaleString("en")}; ` +
      `${textKind} text; ${queries} questions${ownersAsked < owners ? ` to ${ownersAsked} of the owners` : ""}`,
    copies,
  ];
  for (const [name, values] of Object.entries(textTiming)) {
    if (!values.length) continue;
    lines.push(
      [
        `full text, ${name}`.padEnd(34),
        `p50 ${ms(percentile(values, 50))} p95 ${ms(percentile(values, 95))}`,
        name === "early stop"
          ? `top ${TEXT_CANDIDATES} the same as every word's ${(sameTop / queries).toFixed(3)}, ` +
            `top-${COUNT} overlap ${(topOverlap / queries).toFixed(3)}`
          : name === "in memory"
            ? `top ${TEXT_CANDIDATES} the same as the database's early stop ${(memorySameTop / queries).toFixed(3)}`
            : "",
      ]
        .filter(Boolean)
        .join(" | "),
    );
  }
  for (const [name, values] of firstReading) {
    if (values.length)
      lines.push(`${name.padEnd(34)} | p50 ${ms(percentile(values, 50))} p95 ${ms(percentile(values, 95))}`);
  }
  for (const [name, entry] of vectors ? timing : []) {
    if (!entry.vector.length) continue;
    lines.push(
      [
        `vectors ${name}`.padEnd(34),
        `vector p50 ${ms(percentile(entry.vector, 50))} p95 ${ms(percentile(entry.vector, 95))}`,
        `hybrid p50 ${ms(percentile(entry.hybrid, 50))} p95 ${ms(percentile(entry.hybrid, 95))}`,
        `top-${COUNT} overlap with exact ${(entry.overlap / queries).toFixed(3)}`,
      ].join(" | "),
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await handle.close();
  checkout?.remove();
}

/**
 * Builds the full-text copy of every owner asked (as the first question would, in the background) and says how long
 * it took and how much memory the copies hold: the estimate the process budgets by, and what the heap and array
 * buffers grew by (exact with `NODE_OPTIONS=--expose-gc`, which lets the heap be collected before and after).
 */
async function buildCopies(handle: DatabaseHandle): Promise<string> {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const heap = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = heap();
  const builds: number[] = [];
  let estimated = 0;
  for (let owner = 1; owner <= ownersAsked; owner++) {
    const copy = await rankingIndexes(handle.db).ready(`scale-${owner}`);
    if (copy) {
      builds.push(copy.buildMs);
      estimated += copy.bytes;
    }
  }
  collect?.();
  const grown = heap() - heapBefore;
  if (referenceIndexes) {
    for (let owner = 1; owner <= ownersAsked; owner++) {
      await referenceIndexes.rankingIndexes(handle.db).ready(`scale-${owner}`);
    }
  }
  const mb = (bytes: number) => `${(bytes / Math.max(1, builds.length) / 1024 / 1024).toFixed(1)} MB`;
  return (
    `full-text copies: built in ${builds.map((value) => `${(value / 1000).toFixed(2)} s`).join(", ")}; ` +
    `per owner ${mb(estimated)} estimated, heap grew ${mb(grown)}${collect ? "" : " (without --expose-gc)"}; ` +
    `kept ${rankingIndexes(handle.db).size.owners} of ${ownersAsked}`
  );
}

async function built(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.db.execute(sql`select count(*)::int as n from context_pieces`);
  const n = (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  if (n === 0) return false;
  if (n !== pieces) throw new Error(`The kept database holds ${n} pieces, not ${pieces}: run again with --rebuild.`);
  return true;
}

async function build(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const vectors = handle.vectors.available;
  const started = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email)
    select 'scale-' || g, 'Owner ' || g, 'owner' || g || '@scale.example' from generate_series(1, ${owners}) g
  `);
  if (vectors) {
    // The vectors' parts: centres, larger and smaller offsets.
    await db.execute(
      sql`create table if not exists bench_scale_pool (kind int, i int, v vector, primary key (kind, i))`,
    );
    await db.execute(sql`
      insert into bench_scale_pool
      select kind, i, (select array_agg(((random() - 0.5) * scale + 0 * x)::real) from generate_series(1, ${sql.raw(String(DIMENSIONS))}) x)::vector
      from (values (0, ${sql.raw(String(CENTRES))}, 1.0), (1, ${sql.raw(String(OFFSETS_A))}, 0.6), (2, ${sql.raw(String(OFFSETS_B))}, 0.3)) k(kind, n, scale),
        generate_series(0, n - 1) i
    `);
  }
  if (textKind === "corpus") {
    await db.execute(sql`create table if not exists bench_scale_sentences (i int primary key, s text not null)`);
    await db.execute(sql`
      insert into bench_scale_sentences
      select i::int, s from json_array_elements_text(${JSON.stringify(sentences)}::json) with ordinality as x(s, i)`);
  }
  // A piece's text: six sentences of the evaluation set's documents (each drawn on its own: the subquery depends on
  // k), or 30 words of the small vocabulary.
  const content =
    textKind === "corpus"
      ? sql`(select string_agg((select s from bench_scale_sentences
              where i = (select 1 + floor(random() * ${sentences.length})::int + 0 * k)), ' ')
           from generate_series(1, ${SENTENCES_PER_PIECE} + 0 * g) k)`
      : vocabularyTextPerRow();
  for (let start = 1; start <= pieces; start += chunk) {
    const end = Math.min(pieces, start + chunk - 1);
    const rows = sql`
      select g, gen_random_uuid() as id, 'scale-' || (1 + g % ${sql.raw(String(owners))}) as user_id from generate_series(${start}::int, ${end}::int) g`;
    const insertPieces = sql`
      insert into context_pieces (id, user_id, department, source_field, content)
      select id, user_id,
        (array['profile', 'martha', 'finn', 'ollie', 'harper', 'knowledge'])[1 + g % 6],
        'field_' || (g % 100),
        ${content}
      from src`;
    await db.execute(
      vectors
        ? sql`
          with src as materialized (${rows}), p as (${insertPieces} returning id)
          insert into context_piece_embeddings (piece_id, user_id, model, embedding)
          select src.id, src.user_id, ${MODEL}, c.v + a.v + b.v
          from src
          join bench_scale_pool c on c.kind = 0 and c.i = (g::bigint * 7919) % ${sql.raw(String(CENTRES))}
          join bench_scale_pool a on a.kind = 1 and a.i = (g::bigint * 104729) % ${sql.raw(String(OFFSETS_A))}
          join bench_scale_pool b on b.kind = 2 and b.i = g % ${sql.raw(String(OFFSETS_B))}`
        : sql`with src as materialized (${rows}) ${insertPieces}`,
    );
    const elapsed = (performance.now() - started) / 1000;
    process.stderr.write(`\rloaded ${end} pieces in ${elapsed.toFixed(0)} s`);
  }
  process.stderr.write("\n");
  await db.execute(sql`vacuum analyze`);
  process.stderr.write(`built in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

/**
 * What full-text retrieval's word statistics and GIN index cost a write (`--write-cost`): 2,000 pieces of one owner
 * inserted in statements of 100 and then deleted, with both, with either and with neither (triggers disabled, index
 * dropped), twice over, each in a transaction rolled back so the kept database is unchanged.
 */
async function writeCost(handle: DatabaseHandle): Promise<void> {
  const batches = 20;
  const perBatch = 100;
  const contents = Array.from({ length: batches * perBatch }, (_, i) =>
    textKind === "corpus"
      ? Array.from({ length: SENTENCES_PER_PIECE }, () => sentences[Math.floor(Math.random() * sentences.length)]).join(
          " ",
        )
      : `${Array.from({ length: 30 }, pickWord).join(" ")} ${i}`,
  );
  const variants = [
    { name: "word counts and GIN index", triggers: true, index: true },
    { name: "GIN index alone", triggers: false, index: true },
    { name: "word counts alone", triggers: true, index: false },
    { name: "neither (as before)", triggers: false, index: false },
  ];
  for (const variant of [...variants, ...variants]) {
    let insertMs = 0;
    let deleteMs = 0;
    await handle.db
      .transaction(async (tx) => {
        if (!variant.triggers) await tx.execute(sql`alter table context_pieces disable trigger user`);
        if (!variant.index) await tx.execute(sql`drop index context_pieces_search_idx`);
        let started = performance.now();
        for (let batch = 0; batch < batches; batch++) {
          const rows = contents.slice(batch * perBatch, (batch + 1) * perBatch);
          await tx.execute(sql`
            insert into context_pieces (user_id, department, source_field, content)
            select 'scale-1', 'knowledge', 'write_cost', c from json_array_elements_text(${JSON.stringify(rows)}::json) c`);
        }
        insertMs = performance.now() - started;
        started = performance.now();
        await tx.execute(sql`delete from context_pieces where source_field = 'write_cost'`);
        deleteMs = performance.now() - started;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    process.stdout.write(
      `write cost, ${variant.name.padEnd(26)}: ${batches * perBatch} pieces inserted in ` +
        `${insertMs.toFixed(0)} ms (${((insertMs / (batches * perBatch)) * 1000).toFixed(0)} µs a piece), ` +
        `deleted in ${deleteMs.toFixed(0)} ms\n`,
    );
  }
}

/** A question's vector: one of the owner's stored vectors, moved about a third of its length at random. */
async function nearOwnerVector(handle: DatabaseHandle, userId: string): Promise<number[]> {
  const result = await handle.db.execute(sql`
    select embedding::text as v from context_piece_embeddings where user_id = ${userId}
    order by piece_id offset ${Math.floor(Math.random() * perOwner * 0.9)} limit 1`);
  const stored = JSON.parse((result as unknown as { rows: Array<{ v: string }> }).rows[0]?.v ?? "[]") as number[];
  return stored.map((value) => value + (Math.random() - 0.5) * 0.7);
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

/** A question: one of the evaluation set's, or three words of the small vocabulary in a sentence. */
function question(): string {
  if (textKind === "corpus") {
    return evaluationQuestions[Math.floor(Math.random() * evaluationQuestions.length)] ?? "What are our prices?";
  }
  return vocabularyQuestion();
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`.padStart(9);
}

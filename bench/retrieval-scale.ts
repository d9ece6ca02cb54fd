// Retrieval at owner scale (issue 12): `npm run bench:retrieval-scale` (embedded PGlite), or with DATABASE_URL on a
// PostgreSQL server (with or without pgvector; without it retrieval is full text only).
//
//   npm run bench:retrieval-scale -- [--pieces 1000000] [--per-owner 10000] [--queries 200] [--pools 200,400]
//                                     [--rebuild]
//
// Builds, once, a database of `pieces` context pieces spread over owners of `per-owner` pieces each, every piece with
// a 1536-dimension vector, and keeps it for the next runs (bench/bench-database.ts: a data folder under the temporary
// folder, or a database `directors_bench_scale_<pieces>` on the server; `--rebuild` starts it again). Rows are
// generated inside the database, interleaved across owners the way pieces arrive over time (an owner's pieces are
// spread over the whole table), with clustered vectors (a centre plus two offsets drawn from pools) so that nearest
// neighbours mean something.
//
// Then, for random owners and questions near one of their stored vectors, it times each vector plan the store knows
// (vector-store.ts's PIECE_VECTOR_PLANS) on the same questions in turn:
//   - the vector ranking alone (searchPieces in "vector" mode: the ranking plus the pieces' text), and
//   - the hybrid retrieval (vector and full text fused), as the chat runs it,
// and reports p50/p95 and the overlap of each plan's six best with the exact search's six best.
// Target: hybrid p95 ≤ 30 ms at 1,000,000 pieces and 10,000 per owner.
import { sql } from "drizzle-orm";
import { type SearchQuery, searchPieces } from "../server/ai/retrieval";
import type { DatabaseHandle } from "../server/db/client";
import { PIECE_VECTOR_PLANS, type PieceVectorPlan } from "../server/db/vector-store";
import { openKeptBenchDatabase } from "./bench-database";

const DIMENSIONS = 1536;
const MODEL = "text-embedding-3-small";
const CENTRES = 256;
const OFFSETS_A = 1000;
const OFFSETS_B = 1013;
const WARMUP = 20;
const COUNT = 6;

const VOCABULARY = (
  "marketing budget instagram newsletter customers subscription coffee roast cafe revenue margin cash flow " +
  "supplier inventory hiring team culture pricing discount campaign audience brand content seo website reviews " +
  "growth partnership expansion loan invoice payroll delivery packaging quality workshop wholesale retail online " +
  "churn retention referral loyalty event season holiday menu training schedule equipment rent lease software"
).split(" ");

const pieces = numberOption("--pieces", 1_000_000);
const perOwner = numberOption("--per-owner", 10_000);
const queries = numberOption("--queries", 200);
const chunk = numberOption("--chunk", 10_000);
const owners = Math.ceil(pieces / perOwner);
const poolsIndex = process.argv.indexOf("--pools");
const pools = poolsIndex >= 0 ? (process.argv[poolsIndex + 1] ?? "").split(",").map(Number).filter(Boolean) : [];

const database = await openKeptBenchDatabase(`scale_${pieces}`, { rebuild: process.argv.includes("--rebuild") });
const handle = await database.open();
try {
  const vectors = handle.vectors.available;
  if (!(await built(handle))) await build(handle);
  // Each plan the store knows, the binary pre-selection with each pool size asked for (`--pools 200,400`).
  type Plan = { name: string; plan: PieceVectorPlan; pool?: number };
  const plans: Plan[] = vectors
    ? PIECE_VECTOR_PLANS.flatMap((plan): Plan[] =>
        plan === "exact" || pools.length === 0
          ? [{ name: plan, plan }]
          : pools.map((pool) => ({ name: `${plan} ${pool}`, plan, pool })),
      )
    : [{ name: "full text only", plan: "exact" }];
  const timing = new Map(
    plans.map((plan) => [plan.name, { vector: [] as number[], hybrid: [] as number[], overlap: 0 }]),
  );
  for (let i = 0; i < WARMUP + queries; i++) {
    const userId = `scale-${1 + Math.floor(Math.random() * owners)}`;
    const text = `How should I plan my ${pick()} and ${pick()} for the ${pick()} next month?`;
    const query: SearchQuery = {
      text,
      embedding: vectors ? { model: MODEL, vector: await nearOwnerVector(handle, userId) } : undefined,
      weight: 1,
    };
    let exactIds: string[] = [];
    for (const { name, plan, pool } of plans) {
      const store = { ...handle, vectors: { ...handle.vectors, plan, preselectionPool: pool } };
      const input = { userId, directorId: "martha", queries: [query], threshold: 0, count: COUNT };
      let started = performance.now();
      const found = vectors ? await searchPieces(store, { ...input, mode: "vector" }) : [];
      const vectorMs = performance.now() - started;
      started = performance.now();
      await searchPieces(store, input);
      const hybridMs = performance.now() - started;
      const ids = found.map((piece) => piece.id);
      if (plan === "exact") exactIds = ids;
      const entry = timing.get(name);
      if (i >= WARMUP && entry) {
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
      `${queries} questions`,
  ];
  for (const [name, entry] of timing) {
    lines.push(
      [
        name.padEnd(18),
        vectors ? `vector p50 ${ms(percentile(entry.vector, 50))} p95 ${ms(percentile(entry.vector, 95))}` : "",
        `hybrid p50 ${ms(percentile(entry.hybrid, 50))} p95 ${ms(percentile(entry.hybrid, 95))}`,
        vectors ? `top-${COUNT} overlap with exact ${(entry.overlap / queries).toFixed(3)}` : "",
      ]
        .filter(Boolean)
        .join(" | "),
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await handle.close();
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
  const words = `{${VOCABULARY.join(",")}}`;
  for (let start = 1; start <= pieces; start += chunk) {
    const end = Math.min(pieces, start + chunk - 1);
    const rows = sql`
      select g, gen_random_uuid() as id, 'scale-' || (1 + g % ${sql.raw(String(owners))}) as user_id from generate_series(${start}::int, ${end}::int) g`;
    const insertPieces = sql`
      insert into context_pieces (id, user_id, department, source_field, content)
      select id, user_id,
        (array['profile', 'martha', 'finn', 'ollie', 'harper', 'knowledge'])[1 + g % 6],
        'field_' || (g % 100),
        (select string_agg((${words}::text[])[1 + floor(random() * ${VOCABULARY.length})::int], ' ')
           from generate_series(1, 30 + 0 * g))
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

function pick(): string {
  return VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)] ?? "coffee";
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`.padStart(9);
}

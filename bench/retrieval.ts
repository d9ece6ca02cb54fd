// Retrieval benchmark (issue 6): `npm run bench:retrieval` (or `npm run bench:retrieval -- 10000` for one size).
// With DATABASE_URL it runs on that PostgreSQL server instead of the embedded database, in databases of its own that
// it creates and drops (the role needs CREATEDB); without pgvector there, retrieval is full text only.
//
// For each size (10 k and 100 k context pieces, 100 per owner, 1536-dimension vectors) it builds a fresh database
// (bench/bench-database.ts), loads the pieces in bulk with the per-user indexes dropped, and builds them
// afterwards. Then it times one owner's question, alternating between the databases so that both sizes run under the
// same machine load:
//   - the retrieval alone (searchPieces: one query scoring that owner's pieces by cosine and full text, with their
//     text), and
//   - retrieveContext end to end, including embedding the question through the local OpenAI-protocol test server.
// The threshold is 0 so that every question returns RETRIEVAL_PIECE_COUNT pieces (the slower path).
// Targets: p95 ≤ 10 ms, and the 100 k figure within 1.2× of the 10 k one (cost follows one owner's data).
import { sql } from "drizzle-orm";
import { createAiProvider } from "../server/ai/provider";
import { retrieveContext, searchPieces } from "../server/ai/retrieval";
import type { DatabaseHandle } from "../server/db/client";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { type BenchDatabase, createBenchDatabase } from "./bench-database";

const PIECES_PER_USER = 100;
const DIMENSIONS = 1536;
const MODEL = "text-embedding-3-small";
const INSERT_CHUNK = 5_000;
const QUERIES = 400;
const WARMUP = 40;

const VOCABULARY = (
  "marketing budget instagram newsletter customers subscription coffee roast cafe revenue margin cash flow " +
  "supplier inventory hiring team culture pricing discount campaign audience brand content seo website reviews " +
  "growth partnership expansion loan invoice payroll delivery packaging quality workshop wholesale retail online " +
  "churn retention referral loyalty event season holiday menu training schedule equipment rent lease software"
).split(" ");

type Loaded = {
  pieces: number;
  users: number;
  handle: DatabaseHandle;
  database: BenchDatabase;
  loadMs: number;
  indexMs: number;
};

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const fake = await startFakeAiServer();
const env = parseEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  AI_BASE_URL: fake.url,
  AI_API_KEY: "bench",
  EMBEDDING_MODEL: MODEL,
  RETRIEVAL_PIECE_THRESHOLD: "0",
});
const ai = createAiProvider(env);
const log = createLogger("silent");

const databases: Loaded[] = [];
try {
  for (const pieces of sizes.length > 0 ? sizes : [10_000, 100_000]) databases.push(await load(pieces));
  const timings = databases.map(() => ({ search: [] as number[], full: [] as number[], returned: 0 }));
  for (let i = 0; i < WARMUP + QUERIES; i++) {
    for (const [index, database] of databases.entries()) {
      const userId = `bench-${1 + Math.floor(Math.random() * database.users)}`;
      const question = `How should I plan my ${pick()} and ${pick()} for the ${pick()} next month?`;
      const vector = Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5);
      let started = performance.now();
      const found = await searchPieces(database.handle, {
        userId,
        directorId: "martha",
        queries: [{ text: question, embedding: { model: MODEL, vector }, weight: 1 }],
        threshold: env.RETRIEVAL_PIECE_THRESHOLD,
        count: env.RETRIEVAL_PIECE_COUNT,
      });
      const searchMs = performance.now() - started;
      started = performance.now();
      await retrieveContext(
        { db: database.handle.db, database: database.handle, env, log, ai },
        { userId, directorId: "martha", question },
      );
      const fullMs = performance.now() - started;
      const timing = timings[index];
      if (i >= WARMUP && timing) {
        timing.search.push(searchMs);
        timing.full.push(fullMs);
        timing.returned += found.length;
      }
    }
  }
  const where = databases[0]?.database.label ?? "";
  const vectors = databases[0]?.handle.vectors.available ? "vector + full text" : "full text only (no pgvector)";
  process.stdout.write(`${where}, ${vectors}\n`);
  const lines = databases.map((database, index) => {
    const timing = timings[index] ?? { search: [], full: [], returned: 0 };
    return [
      `${database.pieces} pieces (${database.users} owners)`,
      `loaded in ${(database.loadMs / 1000).toFixed(1)} s, indexed in ${Math.round(database.indexMs)} ms`,
      `retrieval p50 ${ms(percentile(timing.search, 50))}, p95 ${ms(percentile(timing.search, 95))}`,
      `with question embedding p50 ${ms(percentile(timing.full, 50))}, p95 ${ms(percentile(timing.full, 95))}`,
      `${(timing.returned / QUERIES).toFixed(1)} pieces returned per question`,
    ].join(" | ");
  });
  const [small, large] = timings;
  if (small && large) {
    const ratio = (p: number) => (percentile(large.search, p) / percentile(small.search, p)).toFixed(2);
    lines.push(`largest / smallest: p50 ${ratio(50)}×, p95 ${ratio(95)}×`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  for (const database of databases) {
    await database.handle.close();
    await database.database.remove();
  }
  await fake.close();
}

async function load(pieces: number): Promise<Loaded> {
  const users = Math.ceil(pieces / PIECES_PER_USER);
  const database = await createBenchDatabase(`retrieval_${pieces}`);
  const handle = await database.open();
  const { db } = handle;
  const vectors = handle.vectors.available;
  // Bulk load: no per-user indexes while loading, rows generated inside the database.
  await db.execute(sql`drop index if exists context_pieces_user_department_idx`);
  if (vectors) await db.execute(sql`drop index if exists context_piece_embeddings_user_idx`);
  const loadStarted = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email)
    select 'bench-' || g, 'Owner ' || g, 'owner' || g || '@bench.example' from generate_series(1, ${users}) g
  `);
  const words = `{${VOCABULARY.join(",")}}`;
  for (let start = 1; start <= pieces; start += INSERT_CHUNK) {
    const end = Math.min(pieces, start + INSERT_CHUNK - 1);
    // "+ 0 * g" ties each sub-select to its row, so every row gets its own text and vector.
    const inserted = sql`
      insert into context_pieces (user_id, department, source_field, content)
      select
        'bench-' || ((g - 1) / ${PIECES_PER_USER} + 1),
        (array['profile', 'martha', 'finn', 'ollie', 'harper'])[1 + ((g - 1) % ${PIECES_PER_USER}) / 20],
        'field_' || ((g - 1) % ${PIECES_PER_USER}),
        (select string_agg((${words}::text[])[1 + floor(random() * ${VOCABULARY.length})::int], ' ')
           from generate_series(1, 30 + 0 * g))
      from generate_series(${start}::int, ${end}::int) g
      returning id, user_id`;
    await db.execute(
      vectors
        ? sql`
          with p as (${inserted})
          insert into context_piece_embeddings (piece_id, user_id, model, embedding)
          select p.id, p.user_id, ${MODEL},
            (select array_agg(random()::real - 0.5) from generate_series(1, ${DIMENSIONS} + 0 * length(p.id::text)))::vector
          from p`
        : inserted,
    );
    process.stderr.write(`\r${pieces}: loaded ${end} pieces`);
  }
  const loadMs = performance.now() - loadStarted;
  const indexStarted = performance.now();
  await db.execute(
    sql`create index context_pieces_user_department_idx on context_pieces using btree (user_id, department)`,
  );
  if (vectors) {
    await db.execute(sql`create index context_piece_embeddings_user_idx on context_piece_embeddings (user_id)`);
  }
  await db.execute(sql`analyze`);
  const indexMs = performance.now() - indexStarted;
  process.stderr.write(
    `\r${pieces}: loaded in ${(loadMs / 1000).toFixed(1)} s, indexed in ${Math.round(indexMs)} ms\n`,
  );
  return { pieces, users, handle, database, loadMs, indexMs };
}

function pick(): string {
  return VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)] ?? "coffee";
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

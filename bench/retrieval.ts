// Retrieval benchmark (issue 6): `npm run bench:retrieval` (or `-- 10000` for one size).
//
// For each size (10 k and 100 k context pieces, 100 per owner, 1536-dimension vectors) it builds an embedded
// PGlite database in a temporary data folder, loads the pieces in bulk with the per-user index dropped, builds the
// index afterwards, and then times one owner's question:
//   - the retrieval query alone (searchPieces: hybrid cosine + full-text rank over that owner's pieces), and
//   - retrieveContext end to end, including embedding the question through the local OpenAI-protocol test server.
// Targets: p95 ≤ 10 ms, and the 100 k figure within 1.2× of the 10 k one (cost follows one owner's data).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createAiProvider } from "../server/ai/provider";
import { retrieveContext, searchPieces } from "../server/ai/retrieval";
import { openDatabase } from "../server/db/client";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { startFakeAiServer } from "../server/test/fake-ai-server";

const PIECES_PER_USER = 100;
const DIMENSIONS = 1536;
const MODEL = "text-embedding-3-small";
const INSERT_CHUNK = 5_000;
const QUERIES = 300;
const WARMUP = 30;

const VOCABULARY = (
  "marketing budget instagram newsletter customers subscription coffee roast cafe revenue margin cash flow " +
  "supplier inventory hiring team culture pricing discount campaign audience brand content seo website reviews " +
  "growth partnership expansion loan invoice payroll delivery packaging quality workshop wholesale retail online " +
  "churn retention referral loyalty event season holiday menu training schedule equipment rent lease software"
).split(" ");

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const fake = await startFakeAiServer();
const results: Array<Record<string, number | string>> = [];

for (const size of sizes.length > 0 ? sizes : [10_000, 100_000]) {
  results.push(await benchmark(size));
}
await fake.close();
for (const row of results) {
  process.stdout.write(
    `${Object.entries(row)
      .map(([key, value]) => `${key}: ${value}`)
      .join(" | ")}\n`,
  );
}

async function benchmark(pieces: number): Promise<Record<string, number | string>> {
  const users = Math.ceil(pieces / PIECES_PER_USER);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-bench-"));
  const handle = await openDatabase({ kind: "pglite", dataDir });
  const { db } = handle;
  try {
    // Bulk load: no per-user index while loading, rows generated inside the database.
    await db.execute(sql`drop index if exists context_pieces_user_department_idx`);
    const loadStarted = performance.now();
    await db.execute(sql`
      insert into "user" (id, name, email)
      select 'bench-' || g, 'Owner ' || g, 'owner' || g || '@bench.example' from generate_series(1, ${users}) g
    `);
    const words = `{${VOCABULARY.join(",")}}`;
    for (let start = 1; start <= pieces; start += INSERT_CHUNK) {
      const end = Math.min(pieces, start + INSERT_CHUNK - 1);
      // "+ 0 * g" ties each sub-select to its row, so every row gets its own text and vector.
      await db.execute(sql`
        insert into context_pieces (user_id, department, source_field, content, embedding, embedding_model)
        select
          'bench-' || ((g - 1) / ${PIECES_PER_USER} + 1),
          (array['profile', 'martha', 'finn', 'ollie', 'harper'])[1 + ((g - 1) % ${PIECES_PER_USER}) / 20],
          'field_' || ((g - 1) % ${PIECES_PER_USER}),
          (select string_agg((${words}::text[])[1 + floor(random() * ${VOCABULARY.length})::int], ' ')
             from generate_series(1, 30 + 0 * g)),
          (select array_agg(random()::real - 0.5) from generate_series(1, ${DIMENSIONS} + 0 * g))::vector,
          ${MODEL}
        from generate_series(${start}::int, ${end}::int) g
      `);
      process.stderr.write(`\r${pieces}: loaded ${end} pieces`);
    }
    const loadMs = performance.now() - loadStarted;
    const indexStarted = performance.now();
    await db.execute(
      sql`create index context_pieces_user_department_idx on context_pieces using btree (user_id, department)`,
    );
    await db.execute(sql`analyze`);
    const indexMs = performance.now() - indexStarted;
    process.stderr.write(
      `\r${pieces}: loaded in ${(loadMs / 1000).toFixed(1)} s, indexed in ${indexMs.toFixed(0)} ms\n`,
    );

    const plan = (await db.execute(
      sql.raw(`explain select 1 from context_pieces where user_id = 'bench-1'`),
    )) as unknown as { rows: Array<{ "QUERY PLAN": string }> };

    const env = parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      AI_BASE_URL: fake.url,
      AI_API_KEY: "bench",
      EMBEDDING_MODEL: MODEL,
    });
    const deps = { db, env, log: createLogger("silent"), ai: createAiProvider(env) };

    const sqlTimes: number[] = [];
    const endToEnd: number[] = [];
    let returned = 0;
    for (let i = 0; i < WARMUP + QUERIES; i++) {
      const userId = `bench-${1 + Math.floor(Math.random() * users)}`;
      const question = `How should I plan my ${pick()} and ${pick()} for the ${pick()} next month?`;
      const vector = Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5);
      let started = performance.now();
      const found = await searchPieces(db, {
        userId,
        directorId: "martha",
        question,
        queryEmbedding: { model: MODEL, vector },
        threshold: env.RETRIEVAL_PIECE_THRESHOLD,
        count: env.RETRIEVAL_PIECE_COUNT,
      });
      const sqlMs = performance.now() - started;
      started = performance.now();
      await retrieveContext(deps, { userId, directorId: "martha", question });
      const fullMs = performance.now() - started;
      if (i >= WARMUP) {
        sqlTimes.push(sqlMs);
        endToEnd.push(fullMs);
        returned += found.length;
      }
    }
    return {
      pieces,
      users,
      "load s": round(loadMs / 1000),
      "index ms": Math.round(indexMs),
      "query p50 ms": round(percentile(sqlTimes, 50)),
      "query p95 ms": round(percentile(sqlTimes, 95)),
      "retrieveContext p50 ms": round(percentile(endToEnd, 50)),
      "retrieveContext p95 ms": round(percentile(endToEnd, 95)),
      "pieces returned (avg)": round(returned / QUERIES),
      "owner lookup": plan.rows[0]?.["QUERY PLAN"].split("  ")[0] ?? "",
    };
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function pick(): string {
  return VOCABULARY[Math.floor(Math.random() * VOCABULARY.length)] ?? "coffee";
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

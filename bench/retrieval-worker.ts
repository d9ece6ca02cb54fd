// One side of bench/retrieval.ts, in its own process: the retrieval code and schema of the checkout in BENCH_ROOT
// (this one, or a compared ref's temporary worktree), loaded with the sizes given as arguments. It prints one JSON
// line when its databases are loaded and every owner's copy is built (where the checkout keeps copies of owners'
// pieces in the process: server/ai/ranking-index.ts), then answers each line `{"rounds": n}` on stdin with the
// timings of n rounds (per size, one owner's question ranked from their copy, another's from the database alone, and
// a third's retrieveContext), and removes its databases on `{"quit": true}`.
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { vocabularyQuestion, vocabularyTextPerRow } from "./vocabulary";

const root = process.env.BENCH_ROOT ?? process.cwd();
const from = <Module>(file: string): Promise<Module> => import(pathToFileURL(path.join(root, file)).href);

const { createAiProvider } = await from<typeof import("../server/ai/provider")>("server/ai/provider.ts");
const { retrieveContext, searchPieces } = await from<typeof import("../server/ai/retrieval")>("server/ai/retrieval.ts");
const { parseEnv } = await from<typeof import("../server/env")>("server/env.ts");
const { createLogger } = await from<typeof import("../server/logger")>("server/logger.ts");
const { createBenchDatabase } = await from<typeof import("./bench-database")>("bench/bench-database.ts");

type DatabaseHandle = Awaited<ReturnType<Awaited<ReturnType<typeof createBenchDatabase>>["open"]>>;

const PIECES_PER_USER = 100;
const DIMENSIONS = 1536;
const MODEL = "text-embedding-3-small";
const INSERT_CHUNK = 5_000;

export type LoadedSize = {
  pieces: number;
  users: number;
  loadMs: number;
  indexMs: number;
  /** How long building every owner's copy took, and the copies' estimated bytes together (0 without copies). */
  copiesMs: number;
  copiesBytes: number;
};
/** Milliseconds per question: ranked from the owner's copy, from the database alone, and retrieveContext whole. */
export type SizeTimings = { search: number[]; database: number[]; full: number[]; returned: number };
export type WorkerReady = { label: string; vectors: boolean; sizes: LoadedSize[] };

const env = parseEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  AI_BASE_URL: process.env.BENCH_AI_BASE_URL,
  AI_API_KEY: "bench",
  EMBEDDING_MODEL: MODEL,
  RETRIEVAL_PIECE_THRESHOLD: "0",
});
const ai = createAiProvider(env);
const log = createLogger("silent");
const sizes = process.argv.slice(2).map(Number).filter(Boolean);

const databases: Array<LoadedSize & { handle: DatabaseHandle; remove(): Promise<void>; label: string }> = [];
for (const pieces of sizes) databases.push(await load(pieces));
const ready: WorkerReady = {
  label: databases[0]?.label ?? "",
  vectors: databases[0]?.handle.vectors.available ?? false,
  sizes: databases.map(({ handle, remove, label, ...size }) => size),
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { rounds?: number; quit?: boolean };
  if (command.quit) break;
  const timings: SizeTimings[] = databases.map(() => ({ search: [], database: [], full: [], returned: 0 }));
  for (let round = 0; round < (command.rounds ?? 0); round++) {
    for (const [index, database] of databases.entries()) {
      const timing = timings[index] as SizeTimings;
      const owner = () => `bench-${1 + Math.floor(Math.random() * database.users)}`;
      // Each question is another owner's, so that none finds the pages an earlier one read in the buffers.
      const ask = async (inMemory: boolean) => {
        const question = vocabularyQuestion();
        const embedding = { model: MODEL, vector: Array.from({ length: DIMENSIONS }, () => Math.random() - 0.5) };
        // What a checkout from before the queries took (d160bd0, the figures issue 18 started from).
        const earlier = { question, queryEmbedding: embedding };
        const started = performance.now();
        const found = await searchPieces(database.handle, {
          ...earlier,
          userId: owner(),
          directorId: "martha",
          queries: [{ text: question, embedding, weight: 1 }],
          threshold: env.RETRIEVAL_PIECE_THRESHOLD,
          count: env.RETRIEVAL_PIECE_COUNT,
          inMemory,
        });
        (inMemory ? timing.search : timing.database).push(performance.now() - started);
        if (inMemory) timing.returned += found.length;
      };
      // Alternately first, so that neither always runs after the other.
      for (const inMemory of round % 2 === 0 ? [true, false] : [false, true]) await ask(inMemory);
      const started = performance.now();
      await retrieveContext(
        { db: database.handle.db, database: database.handle, env, log, ai },
        { userId: owner(), directorId: "martha", question: vocabularyQuestion() },
      );
      timing.full.push(performance.now() - started);
    }
  }
  process.stdout.write(`${JSON.stringify(timings)}\n`);
}
for (const database of databases) {
  await database.handle.close();
  await database.remove();
}
process.exit(0);

async function load(pieces: number) {
  const users = Math.ceil(pieces / PIECES_PER_USER);
  const database = await createBenchDatabase(`retrieval_${pieces}`);
  const handle = await database.open();
  const { db } = handle;
  const vectors = handle.vectors.available;
  // Bulk load: no per-user indexes while loading, rows generated inside the database.
  await db.execute(sql`drop index if exists context_pieces_user_department_idx`);
  if (vectors) await db.execute(sql`drop index if exists context_piece_embeddings_owner_piece_idx`);
  const loadStarted = performance.now();
  await db.execute(sql`
    insert into "user" (id, name, email)
    select 'bench-' || g, 'Owner ' || g, 'owner' || g || '@bench.example' from generate_series(1, ${users}) g
  `);
  for (let start = 1; start <= pieces; start += INSERT_CHUNK) {
    const end = Math.min(pieces, start + INSERT_CHUNK - 1);
    // "+ 0 * g" ties each sub-select to its row, so every row gets its own text and vector.
    const inserted = sql`
      insert into context_pieces (user_id, department, source_field, content)
      select
        'bench-' || ((g - 1) / ${PIECES_PER_USER} + 1),
        (array['profile', 'martha', 'finn', 'ollie', 'harper'])[1 + ((g - 1) % ${PIECES_PER_USER}) / 20],
        'field_' || ((g - 1) % ${PIECES_PER_USER}),
        ${vocabularyTextPerRow()}
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
    process.stderr.write(`${pieces}: loaded ${end} pieces\n`);
  }
  const loadMs = performance.now() - loadStarted;
  const indexStarted = performance.now();
  await db.execute(
    sql`create index context_pieces_user_department_idx on context_pieces using btree (user_id, department)`,
  );
  if (vectors) {
    await db.execute(
      sql`create index context_piece_embeddings_owner_piece_idx on context_piece_embeddings (user_id, piece_id)`,
    );
  }
  await db.execute(sql`analyze`);
  const indexMs = performance.now() - indexStarted;
  const copies = await buildCopies(db, users);
  return {
    pieces,
    users,
    loadMs,
    indexMs,
    copiesMs: copies.ms,
    copiesBytes: copies.bytes,
    handle,
    remove: database.remove,
    label: database.label,
  };
}

/**
 * Builds every owner's copy, as a server does in the background after an owner's first question, and keeps them all
 * (the server keeps 64 MB of them: an owner whose copy is not kept is ranked from the database alone, the second
 * figure). Nothing where the checkout keeps no copies.
 */
async function buildCopies(db: DatabaseHandle["db"], users: number): Promise<{ ms: number; bytes: number }> {
  const copies = await from<typeof import("../server/ai/ranking-index")>("server/ai/ranking-index.ts").catch(
    () => undefined,
  );
  if (!copies) return { ms: 0, bytes: 0 };
  const indexes = copies.rankingIndexes(db);
  indexes.options = { ...indexes.options, maxBytes: Number.MAX_SAFE_INTEGER };
  const started = performance.now();
  for (let user = 1; user <= users; user++) await indexes.ready(`bench-${user}`);
  return { ms: performance.now() - started, bytes: indexes.size.bytes };
}

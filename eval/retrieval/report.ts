// Retrieval evaluation: `npm run eval:retrieval` (add `-- --missed` to list the questions missed at 6).
//
// Ingests the Larkspur Bakehouse documents (README.md) into a fresh embedded database through the knowledge
// pipeline's extraction and chunking, embeds them, and reports recall@k and MRR for full text alone, vectors alone and
// the two fused, then for the fused ranking when every standalone question follows one on another topic.
// Embeddings come from the local OpenAI-protocol test server (hashed word counts, 1536 dimensions) unless asked:
// `-- --provider` uses the provider configured in the environment (AI_BASE_URL, AI_API_KEY or OPENAI_API_KEY,
// EMBEDDING_MODEL, EMBEDDING_DIMENSIONS, read by server/env.ts), so a real model can be judged.
// `-- --vector-plan exact` ranks vectors by exact cosine over all of the owner's pieces instead of the store's plan, and
// `-- --preselection-pool N` sets how many pieces the binary pre-selection keeps (docs/decisions/0024).
// `-- --in-memory` ranks from the process's copy of the owner's pieces (server/ai/ranking-index.ts), which retrieval
// otherwise keeps only for owners of thousands of pieces, so its figures can be set beside the database's.
import { createAiProvider } from "../../server/ai/provider";
import { rankingIndexes } from "../../server/ai/ranking-index";
import { openDatabase } from "../../server/db/open-database";
import { PIECE_VECTOR_PLANS, type PieceVectorPlan } from "../../server/db/vector-store";
import { type Env, loadEnv, parseEnv } from "../../server/env";
import { createLogger } from "../../server/logger";
import { type FakeAiServer, startFakeAiServer } from "../../server/test/fake-ai-server";
import {
  createEvalOwner,
  describeEmbeddings,
  evaluate,
  formatResults,
  ingestEvalSet,
  loadEvalSet,
  topicChangeVariant,
  VARIANTS,
} from "./evaluate";

const useProvider = process.argv.includes("--provider");
const fake: FakeAiServer | undefined = useProvider ? undefined : await startFakeAiServer();
const env = fake
  ? parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", AI_BASE_URL: fake.url, AI_API_KEY: "eval" })
  : providerEnv();
const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
const plan = option("--vector-plan");
if (plan) {
  if (!PIECE_VECTOR_PLANS.includes(plan as PieceVectorPlan))
    throw new Error(`--vector-plan: one of ${PIECE_VECTOR_PLANS}`);
  handle.vectors.plan = plan as PieceVectorPlan;
}
const pool = Number(option("--preselection-pool"));
if (pool > 0) handle.vectors.preselectionPool = pool;
try {
  const deps = { db: handle.db, database: handle, ai: createAiProvider(env), env, log: createLogger("silent") };
  const set = loadEvalSet();
  const userId = await createEvalOwner(deps);
  let started = performance.now();
  const pieces = await ingestEvalSet(deps, userId, set);
  const ingestMs = performance.now() - started;
  const inMemory = process.argv.includes("--in-memory");
  if (inMemory) {
    rankingIndexes(handle.db).options.minPieces = 1;
    await rankingIndexes(handle.db).ready(userId);
  }
  started = performance.now();
  const results = await evaluate(deps, { userId, set, variants: [...VARIANTS, topicChangeVariant(set)] });
  const evaluateMs = performance.now() - started;
  const lines = [
    `${set.documents.length} documents → ${pieces} pieces in ${(ingestMs / 1000).toFixed(1)} s; ` +
      `${set.questions.length} questions × ${results.length} rankings in ${(evaluateMs / 1000).toFixed(1)} s`,
    `embeddings: ${describeEmbeddings(env, useProvider ? "provider" : "test server")}; ` +
      `cosine floor ${env.RETRIEVAL_PIECE_THRESHOLD}; vector plan ${handle.vectors.plan ?? "binary-rerank"}` +
      (handle.vectors.preselectionPool ? ` keeping ${handle.vectors.preselectionPool}` : "") +
      (inMemory
        ? rankingIndexes(handle.db).size.owners === 1
          ? "; ranked from the in-memory copy"
          : "; the in-memory copy went stale (the database ranked)"
        : ""),
    "",
    formatResults(results),
  ];
  if (process.argv.includes("--missed")) {
    lines.push("", "missed at 6:");
    for (const result of results) lines.push(`${result.mode}: ${result.missed.join(" ")}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await handle.close();
  await fake?.close();
}

/** The configured provider, as the app reads it; its key is used for the requests and never printed. */
function providerEnv(): Env {
  const env: Env = { ...loadEnv(), LOG_LEVEL: "silent" };
  if (!env.EMBEDDINGS_CONFIGURED) {
    process.stderr.write(
      "--provider: no embedding model is configured; set AI_API_KEY (or OPENAI_API_KEY) and/or AI_BASE_URL, " +
        "and EMBEDDING_MODEL if not text-embedding-3-small\n",
    );
    process.exit(1);
  }
  return env;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

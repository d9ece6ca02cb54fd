// Retrieval evaluation: `npm run eval:retrieval` (add `-- --missed` to list the questions missed at 6).
//
// Ingests the Larkspur Bakehouse documents (README.md) into a fresh embedded database through the knowledge
// pipeline's extraction and chunking, embeds them, and reports recall@k and MRR for full text alone, vectors alone and
// the two fused, then for the fused ranking when every standalone question follows one on another topic.
// Embeddings come from the local OpenAI-protocol test server (hashed word counts, 1536 dimensions) unless asked:
// `-- --provider` uses the provider configured in the environment (AI_BASE_URL, AI_API_KEY or OPENAI_API_KEY,
// EMBEDDING_MODEL, EMBEDDING_DIMENSIONS, read by server/env.ts), so a real model can be judged.
import { createAiProvider } from "../../server/ai/provider";
import { openDatabase } from "../../server/db/open-database";
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
try {
  const deps = { db: handle.db, database: handle, ai: createAiProvider(env), env, log: createLogger("silent") };
  const set = loadEvalSet();
  const userId = await createEvalOwner(deps);
  let started = performance.now();
  const pieces = await ingestEvalSet(deps, userId, set);
  const ingestMs = performance.now() - started;
  started = performance.now();
  const results = await evaluate(deps, { userId, set, variants: [...VARIANTS, topicChangeVariant(set)] });
  const evaluateMs = performance.now() - started;
  const lines = [
    `${set.documents.length} documents → ${pieces} pieces in ${(ingestMs / 1000).toFixed(1)} s; ` +
      `${set.questions.length} questions × ${results.length} rankings in ${(evaluateMs / 1000).toFixed(1)} s`,
    `embeddings: ${describeEmbeddings(env, useProvider ? "provider" : "test server")}; ` +
      `cosine floor ${env.RETRIEVAL_PIECE_THRESHOLD}`,
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

// One server process for bench/weekly-briefs.ts: the real app on BENCH_DATABASE_URL, asking the test AI server at
// BENCH_AI_BASE_URL, its briefs not spread out (BRIEF_SPREAD_SECONDS=0). Its job runner sends the numbers sweep as it
// starts, as production's does. Prints { url } once it listens; SIGTERM closes it.
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { tuneServedProcess } from "../server/served-process";
import { startServer } from "../server/start";

tuneServedProcess();
const env = parseEnv({
  NODE_ENV: "production",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
  PORT: "0",
  HOST: "127.0.0.1",
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  AI_BASE_URL: process.env.BENCH_AI_BASE_URL,
  AI_API_KEY: "sk-bench",
  CHAT_MODEL: "bench-chat",
  EMBEDDING_MODEL: "none",
  BRIEF_SPREAD_SECONDS: "0",
});
const server = await startServer({ env, log: createLogger(env.LOG_LEVEL) });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.once("SIGTERM", () => {
  void server.close().finally(() => process.exit(0));
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loggableError } from "./db/database-error";
import { DatabaseStartError } from "./db/postgres";
import { EnvError, loadEnv } from "./env";
import { createLogger, createRedactor, secretsOf } from "./logger";
import { tuneServedProcess } from "./served-process";
import { startServer } from "./start";

/** The production entry point: dist/server/index.js, next to dist/web. */
async function main() {
  const memorySettling = tuneServedProcess();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL, { secrets: secretsOf(env) });
  // In development Vite serves the browser app; in production the build sits beside the server bundle.
  const builtWeb = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web");
  const staticDir =
    env.NODE_ENV !== "development" && fs.existsSync(path.join(builtWeb, "index.html")) ? builtWeb : undefined;
  const started = performance.now();
  // A stop asked for while the server starts (it answers before its job runner is up) waits for the start, then
  // closes as usual: the data folder is released and the exit is clean.
  const starting = startServer({ env, log, staticDir });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    const server = await starting.catch(() => undefined);
    if (!server) return; // the start failed: main() reports it and exits
    await server.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  let server: Awaited<typeof starting>;
  try {
    server = await starting;
  } catch (error) {
    log.fatal({ err: error }, "could not start");
    console.error(`Directors could not start: ${createRedactor(secretsOf(env))(startupFailure(error))}`);
    process.exit(1);
  }
  log.info(
    { url: server.url, database: server.deps.database.driver, ms: Math.round(performance.now() - started) },
    "listening",
  );
  // What the start took (compiling the embedded database's code above all) goes back once the server is idle.
  memorySettling.settleSoon();
  if (!env.AI_CONFIGURED) {
    // The owners see a calm notice; the one who runs the server learns here what to set.
    log.warn(
      "no AI service is configured, so directors cannot answer: set AI_API_KEY (or AI_BASE_URL for a local server such as Ollama) and CHAT_MODEL, then restart",
    );
  }
}

/** The one line printed when the server cannot start: the cause and what to do, never query parameters. */
function startupFailure(error: unknown): string {
  if (error instanceof DatabaseStartError) return error.message;
  const safe = loggableError(error);
  return (safe instanceof Error ? safe.message : String(safe)).split("\n")[0] ?? "unknown error";
}

void main();

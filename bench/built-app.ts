// The browser benchmarks' set-up: the browser app built as for production, served by the real server on an in-memory
// database, and a Chromium to open it in. One place, so that every page benchmark measures the same thing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { build } from "vite";
import { type Env, parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { startServer } from "../server/start";
import { createTestDatabase } from "../server/test/test-database";

/** A production server on a free local port, quiet; answering with the test AI server at `aiBaseUrl` when given. */
export function builtAppEnv(aiBaseUrl?: string): Env {
  return parseEnv({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    PORT: "0",
    HOST: "127.0.0.1",
    ...(aiBaseUrl
      ? { AI_BASE_URL: aiBaseUrl, AI_API_KEY: "sk-bench", CHAT_MODEL: "bench-chat", EMBEDDING_MODEL: "none" }
      : {}),
  });
}

/** Builds the app into a fresh temporary folder named after `name`, serves it with `env`, and launches Chromium. */
export async function startBuiltApp(name: string, env: Env) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `directors-${name}-`));
  await build({ configFile: path.resolve("vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  const server = await startServer({
    env,
    log: createLogger(env.LOG_LEVEL),
    staticDir: outDir,
    database: await createTestDatabase(),
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  return {
    server,
    browser,
    /** Closes the browser and the server and removes the build. */
    async close() {
      await browser.close();
      await server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

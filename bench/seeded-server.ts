// The built server, as owners run it (`npm start`: scripts/serve.sh dist/server/index.js), on a database whose bench
// owners another process made first. Making 30 owners (password hashing, thousands of pieces read and indexed) is a
// burst no idle server faces the way a bench does at once; done in the server under test, it left the memory of the
// burst and of the tsx-run source behind, and the chat benchmark measured that rather than the turns
// (docs/benchmarks.md, "Memory after 200 turns"). Here bench/chat-server.ts makes the owners in a process of its own
// (BENCH_SEED_DATABASE) and exits; the built server then opens the database, as after a restart, and serves the turns.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "../server/test/free-port";
import { createBenchDatabase } from "./bench-database";
import type { ChatServerProcess } from "./chat-server-process";
import { serverLaunch } from "./server-launch";

/** Whether the checkout in `root` can be built and served as `npm start` does (refs from before that cannot). */
export function canServeBuilt(root: string): boolean {
  return (
    fs.existsSync(path.join(root, "scripts/build-server.mjs")) && fs.existsSync(path.join(root, "scripts/serve.sh"))
  );
}

/** Bundles the server of the checkout in `root` into dist/server (the browser app is not needed to chat). */
export function buildServer(root: string): void {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * Makes the bench owners with `root`'s bench/chat-server.ts (`seedEnv`: BENCH_USERS, BENCH_PIECES…) in a fresh bench
 * database, then starts `root`'s built server on it with `serverEnv` (the app's own settings) and returns once it is
 * healthy. Every line the server writes to standard output goes to `onLine`.
 */
export async function startSeededServer(
  root: string,
  seedEnv: Record<string, string>,
  serverEnv: Record<string, string>,
  onLine: (line: string) => void,
): Promise<ChatServerProcess> {
  const database = await createBenchDatabase("chat");
  try {
    const seeded = await seed(root, { ...seedEnv, BENCH_SEED_DATABASE: JSON.stringify(database) });
    const port = await freePort();
    const launch = serverLaunch(root, [path.join(root, "dist/server/index.js")]);
    const child = spawn(launch.command, launch.args, {
      cwd: root,
      env: {
        ...process.env,
        ...serverEnv,
        ...database.env,
        PATH: launch.path,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    createInterface({ input: child.stdout }).on("line", onLine);
    const url = `http://127.0.0.1:${port}`;
    await healthy(url, () => child.exitCode);
    return {
      pid: child.pid ?? 0,
      url,
      cookies: seeded.cookies,
      database: `${seeded.database}; the built server (scripts/serve.sh dist/server/index.js), owners made beforehand by another process`,
      async stop() {
        child.kill("SIGTERM");
        await exited;
        await database.remove();
      },
    };
  } catch (error) {
    await database.remove();
    throw error;
  }
}

/** Runs the seeding process to its end; returns the owners' session cookies and the database's label. */
async function seed(root: string, env: Record<string, string>): Promise<{ cookies: string[]; database: string }> {
  const launch = serverLaunch(root, ["--import", "tsx", "bench/chat-server.ts"]);
  const child = spawn(launch.command, launch.args, {
    cwd: root,
    env: { ...process.env, ...env, PATH: launch.path, BENCH_LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let ready: { cookies: string[]; database: string } | undefined;
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    const entry = JSON.parse(line) as { cookies?: string[]; database?: string };
    if (Array.isArray(entry.cookies)) ready = entry as { cookies: string[]; database: string };
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0 || !ready) throw new Error(`seeding the bench owners failed (exit ${code})`);
  return ready;
}

async function healthy(url: string, exitCode: () => number | null): Promise<void> {
  for (;;) {
    if (exitCode() !== null) throw new Error(`the built server exited with ${exitCode()}`);
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

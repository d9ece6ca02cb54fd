// Database restart benchmark (issue 16): `npm run bench:restart` (needs PostgreSQL 15's server binaries, as the
// tests do; run as root or as a user that may run initdb).
//
// Starts a PostgreSQL cluster of its own (server/test/postgres-server.ts) and two server processes on it, signs up an
// owner, then sends a steady 20 requests a second (GET /api/account, alternating between the processes) for
// SECONDS (default 30). After 5 s it stops the database for DOWN_SECONDS (default 10) and starts it again. It reports
// every answer by status (all failures should be clean 503s, none 500, no process exit) and, per process, how long
// after the database was accepting connections again its first 200 came.
import { spawn } from "node:child_process";
import { freePort } from "../server/test/free-port";
import { startPostgresServer } from "../server/test/postgres-server";

const SECONDS = Number(process.env.SECONDS ?? 30);
const DOWN_SECONDS = Number(process.env.DOWN_SECONDS ?? 10);
const RATE = 20;

const postgres = await startPostgresServer();
const database = await postgres.createDatabase("restart");
const ports = [await freePort(), await freePort()];
const processes = ports.map((port) =>
  spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: postgres.url(database),
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  }),
);
const exits: Array<number | null> = [];
for (const child of processes) child.on("exit", (code) => exits.push(code));

try {
  for (const port of ports) await waitFor(`http://127.0.0.1:${port}/api/health`);
  const password = "correct-horse-battery";
  const signUp = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Load Owner", email: "load@example.com", password, confirmPassword: password }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");

  type Result = { port: number; sentAt: number; status: number | "network"; ms: number };
  const results: Result[] = [];
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  let restartedAt = Number.NaN;
  let stoppedAt = Number.NaN;
  const outage = (async () => {
    await sleep(5000);
    stoppedAt = performance.now() - started;
    await postgres.stop();
    await sleep(DOWN_SECONDS * 1000);
    await postgres.start();
    // pg_ctl -w returns once the server accepts connections.
    restartedAt = performance.now() - started;
  })();

  for (let index = 0; index < SECONDS * RATE; index++) {
    const due = (index * 1000) / RATE;
    const wait = due - (performance.now() - started);
    if (wait > 0) await sleep(wait);
    const port = ports[index % ports.length] as number;
    const sentAt = performance.now() - started;
    pending.push(
      fetch(`http://127.0.0.1:${port}/api/account`, { headers: { cookie } }).then(
        async (response) => {
          await response.arrayBuffer();
          results.push({ port, sentAt, status: response.status, ms: performance.now() - started - sentAt });
        },
        () => {
          results.push({ port, sentAt, status: "network", ms: performance.now() - started - sentAt });
        },
      ),
    );
  }
  await outage;
  await Promise.all(pending);

  const byStatus = new Map<string, number>();
  for (const result of results) byStatus.set(String(result.status), (byStatus.get(String(result.status)) ?? 0) + 1);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print(
    `${results.length} requests at ${RATE}/s over ${SECONDS} s; database down from ${s(stoppedAt)} to ${s(restartedAt)}`,
  );
  print(`  by status: ${[...byStatus].map(([status, count]) => `${status}: ${count}`).join(", ")}`);
  const failed = results.filter((result) => result.status !== 200);
  print(`  not 200: ${failed.length}, of which not a clean 503: ${failed.filter((r) => r.status !== 503).length}`);
  print(`  slowest answer: ${Math.max(...results.map((result) => result.ms)).toFixed(0)} ms`);
  for (const port of ports) {
    const firstOk = results
      .filter((result) => result.port === port && result.status === 200 && result.sentAt > restartedAt)
      .sort((a, b) => a.sentAt - b.sentAt)[0];
    const lastFailure = results
      .filter((result) => result.port === port && result.status !== 200)
      .sort((a, b) => b.sentAt - a.sentAt)[0];
    print(
      `  process on :${port}: first 200 ${firstOk ? `${(firstOk.sentAt + firstOk.ms - restartedAt).toFixed(0)} ms` : "never"} after the database was back` +
        `${lastFailure ? `; last failure sent at ${s(lastFailure.sentAt)}` : ""}`,
    );
  }
  print(`  processes exited during the run: ${exits.length}`);
} finally {
  for (const child of processes) child.kill("SIGTERM");
  await postgres.destroy();
}

function s(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

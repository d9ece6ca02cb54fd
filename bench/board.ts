// Board meeting benchmark (issue 20): `npm run bench:board`.
//
// MEETINGS board questions (default 50, one at a time) to four directors, against the local OpenAI-protocol test
// server answering at once: the time from sending to the first token of every column and to the memo's first token,
// as the client reads them. Target: the four columns' first tokens within 20 ms of each other (their spread, the
// last column's first token less the first's), so the columns visibly start together.
//
// The server runs in its own process (bench/chat-server.ts, four directors trained per owner, the embedded database in
// a fresh data folder, or with DATABASE_URL a fresh database of that PostgreSQL server); the test AI server and the
// client run here.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { boardReader } from "../server/test/board-reader";
import { boardRoute } from "../server/test/board-scripts";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import type { DirectorId } from "../shared/directors";

const MEETINGS = Number(process.env.MEETINGS ?? 50);
const WARMUP = 5;
const OWNERS = 10;
const DIRECTORS: DirectorId[] = ["martha", "finn", "ollie", "harper"];
const SPREAD_TARGET_MS = 20;

const fake = await startFakeAiServer();
fake.route = boardRoute();
const child = spawn(process.execPath, ["--import", "tsx", "bench/chat-server.ts"], {
  env: {
    ...process.env,
    BENCH_USERS: String(OWNERS),
    BENCH_DIRECTORS: DIRECTORS.join(","),
    BENCH_AI_BASE_URL: fake.url,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
const { url, cookies, database } = await new Promise<{ url: string; cookies: string[]; database: string }>(
  (resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line)));
  },
);

type Meeting = { ok: boolean; columns: number[]; spread: number; memo: number; error?: string };

/** One board question, read to the end; times are from just before the request. */
async function meeting(cookie: string, text: string): Promise<Meeting> {
  const started = performance.now();
  const response = await fetch(`${url}/api/board/meetings`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie },
    body: JSON.stringify({ text }),
  });
  if (!response.ok)
    return { ok: false, columns: [], spread: Number.NaN, memo: Number.NaN, error: `HTTP ${response.status}` };
  const events = await boardReader(response).all();
  const first = (author: string) =>
    (events.find((event) => event.type === "delta" && event.author === author)?.at ?? Number.NaN) - started;
  const columns = DIRECTORS.map(first);
  const failed = events.find((event) => event.type === "end" && event.status !== "complete");
  return {
    ok: !failed && columns.every((value) => !Number.isNaN(value)),
    columns,
    spread: Math.max(...columns) - Math.min(...columns),
    memo: first("board"),
    error: failed?.type === "end" ? `${failed.author}: ${failed.errorCode}` : undefined,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const print = (line: string) => process.stdout.write(`${line}\n`);
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;

try {
  print(`Database: ${database}`);
  for (let index = 0; index < WARMUP; index++) await meeting(cookies[index % OWNERS] ?? "", `Warm-up ${index}`);
  const results: Meeting[] = [];
  for (let index = 0; index < MEETINGS; index++) {
    results.push(await meeting(cookies[index % OWNERS] ?? "", `Should we spend more on spring marketing? (${index})`));
  }
  const failures = results.filter((result) => !result.ok);
  const ok = results.filter((result) => result.ok);
  print(
    `Board meetings: ${MEETINGS} questions to ${DIRECTORS.length} directors, one at a time, ${failures.length} errors`,
  );
  if (failures[0]) print(`  first error: ${failures[0].error}`);
  print(`  sending → each column's first token: ${summary(ok.flatMap((result) => result.columns))}`);
  for (const [index, id] of DIRECTORS.entries()) {
    print(`    ${id.padEnd(7)} ${summary(ok.map((result) => result.columns[index] ?? Number.NaN))}`);
  }
  const spreads = ok.map((result) => result.spread);
  const within = spreads.filter((spread) => spread <= SPREAD_TARGET_MS).length;
  print(
    `  spread of the four columns' first tokens: ${summary(spreads)}; within ${SPREAD_TARGET_MS} ms in ${within} of ${ok.length}`,
  );
  print(`  sending → the memo's first token (after every column has answered): ${summary(ok.map((r) => r.memo))}`);
} finally {
  child.kill("SIGTERM");
  await fake.close();
}

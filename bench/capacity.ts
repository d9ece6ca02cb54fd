// Capacity (issue 39): `npm run bench:capacity`.
//
// How many chat turns per second one server sustains: turns arrive at a steady rate (open loop: a turn is sent every
// 1/rate seconds whether or not the earlier ones have ended), from USERS owners in turn (40 by default), an owner
// skipped while their last answer is still coming in, each with a knowledge note of PIECES pieces (100) that every turn
// searches; the test AI server (in a worker thread) answers at once. Each owner holds 20-turn conversations from
// bench/conversation-script.ts (one question in five states a fact, so learning runs as it does for real owners) and
// then starts a new one. The rate steps up from 2 turns/s by a quarter each step, each step lasting `--seconds` (60 by
// default); a step passes when every turn ended without an error and the time to the first token, as the client sees
// it, is ≤ 500 ms at the 95th percentile (the provider answering at once, that time is the server's); a step that fails
// is run once more before the ramp ends. Between steps the server is left to finish its background work (3 s without a
// request to the AI service). Then the rates between the last step that passed and the one that failed are halved until
// they are within 5 % of each other, so that the figure does not move in quarters. The figure is the highest rate that
// passed.
//
//   npm run bench:capacity                                   the embedded database, then PostgreSQL 15 (two processes)
//   npm run bench:capacity -- --database embedded|postgres   one of them
//   npm run bench:capacity -- --seconds 15                   shorter steps for a quick run
//   npm run bench:capacity -- --compare <git ref>            that ref's server (temporary worktree) and this one,
//                                                            alternately, RUNS times (default 1); ratios
//
// PostgreSQL: a throw-away cluster of Debian's PostgreSQL 15 (server/test/postgres-server.ts; initdb as the postgres
// user when run as root), and two server processes on one database of it, the turns sent to each in turn.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { startPostgresServer } from "../server/test/postgres-server";
import { checkOutRef, compareRefArg } from "./compare-ref";
import { SCRIPT } from "./conversation-script";
import { startFakeAiThread } from "./fake-ai-thread";
import { percentile } from "./percentile";
import { serverLaunch } from "./server-launch";
import { readTurnStream } from "./turn-stream";

const args = process.argv.slice(2);
const argument = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const STEP_SECONDS = Number(argument("seconds") ?? 60);
const DATABASES = (argument("database") ?? "embedded,postgres").split(",") as Array<"embedded" | "postgres">;
const USERS = Number(process.env.USERS ?? 40);
const PIECES = Number(process.env.PIECES ?? 100);
const RUNS = Number(process.env.RUNS ?? 1);
const FIRST_RATE = Number(process.env.FIRST_RATE ?? 2);
const P95_LIMIT_MS = 500;
const WARM_UP_SECONDS = 5;
/** The server is taken as settled after this long without a request to the AI service (its job queue waits less). */
const SETTLE_QUIET_MS = 3000;
const SETTLE_LIMIT_MS = 60_000;
const TURNS_PER_CONVERSATION = SCRIPT.length;
const compareRef = compareRefArg("bench:capacity");

const fake = await startFakeAiThread();

type Server = { urls: string[]; cookies: string[]; stop(): Promise<void> };

/** Starts bench/chat-server.ts of `root`, and with `join` a second process on the first one's database. */
async function startServers(root: string, env: Record<string, string>, processes: number): Promise<Server> {
  const children: ChildProcess[] = [];
  const start = (extra: Record<string, string>) => {
    const launch = serverLaunch(root, ["--import", "tsx", "bench/chat-server.ts"]);
    const child = spawn(launch.command, launch.args, {
      cwd: root,
      env: { ...process.env, ...env, ...extra, PATH: launch.path, BENCH_AI_BASE_URL: fake.url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    return new Promise<{ url: string; cookies: string[]; databaseUrl?: string }>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
        if (!line.startsWith("{")) return;
        const entry = JSON.parse(line) as { url?: string; cookies?: string[]; databaseUrl?: string };
        if (entry.url && Array.isArray(entry.cookies)) resolve(entry as { url: string; cookies: string[] });
      });
    });
  };
  const first = await start({ BENCH_USERS: String(USERS), BENCH_PIECES: String(PIECES) });
  const urls = [first.url];
  for (let index = 1; index < processes; index++) {
    if (!first.databaseUrl) throw new Error("a second process needs the first one's database URL");
    urls.push((await start({ BENCH_JOIN_DATABASE_URL: first.databaseUrl })).url);
  }
  return {
    urls,
    cookies: first.cookies,
    async stop() {
      // The first process made the database and removes it: the others stop first.
      for (const child of children.slice().reverse()) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

type TurnResult = { ok: boolean; ttftMs: number; error?: string };

/** One chat turn, read to the end. */
async function turn(url: string, cookie: string, text: string): Promise<TurnResult> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/chat/martha/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, cookie },
      body: JSON.stringify({ text }),
    });
    if (!response.ok || !response.body) return { ok: false, ttftMs: Number.NaN, error: `HTTP ${response.status}` };
    const { ttftMs, finished, error } = await readTurnStream(response.body, started);
    return { ok: finished && !error, ttftMs, error: error ?? (finished ? undefined : "no finish") };
  } catch (error) {
    return { ok: false, ttftMs: Number.NaN, error: String(error) };
  }
}

/**
 * Each owner's place in their conversation; after the script's last question they start a new conversation. Owners
 * start at different places in the script, so that their conversations do not all end (and get learned from) at once.
 * An owner asks again only once their answer has been read to the end, as the chat page lets them (the server refuses
 * a question while the owner's last answer is still being written).
 */
function ownersOf(cookies: string[]) {
  return cookies.map((cookie, index) => ({
    cookie,
    asked: index % TURNS_PER_CONVERSATION,
    busy: Promise.resolve() as Promise<unknown>,
    idle: true,
  }));
}

/** The next owner in turn, from `from`, who is not waiting for an answer; undefined when every owner is. */
function nextIdle(owners: ReturnType<typeof ownersOf>, from: number) {
  for (let offset = 0; offset < owners.length; offset++) {
    const owner = owners[(from + offset) % owners.length];
    if (owner?.idle) return owner;
  }
  return undefined;
}

/** One step: turns at `rate` per second for `seconds`; then every turn is waited for. */
async function step(server: Server, owners: ReturnType<typeof ownersOf>, rate: number, seconds: number) {
  const results: Array<Promise<TurnResult>> = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  let next = 0;
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const owner = nextIdle(owners, next);
    const url = server.urls[index % server.urls.length] as string;
    if (!owner) {
      // Every owner is still waiting for an answer: the server is behind by the whole population.
      results.push(Promise.resolve({ ok: false, ttftMs: Number.NaN, error: "every owner waiting" }));
      continue;
    }
    next = owners.indexOf(owner) + 1;
    owner.idle = false;
    const line = SCRIPT[owner.asked % TURNS_PER_CONVERSATION];
    const newConversation = owner.asked % TURNS_PER_CONVERSATION === 0 && owner.asked >= TURNS_PER_CONVERSATION;
    owner.asked += 1;
    const result = (async () => {
      if (newConversation) {
        await fetch(`${url}/api/chat/martha/clear`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url, cookie: owner.cookie },
          body: "{}",
        });
      }
      return turn(url, owner.cookie, line?.text ?? "");
    })().finally(() => {
      owner.idle = true;
    });
    owner.busy = result;
    results.push(result);
  }
  const ended = await Promise.all(results);
  const errors = ended.filter((result) => !result.ok);
  const p95 = percentile(
    ended.map((result) => result.ttftMs),
    95,
  );
  return { rate, turns: ended.length, errors: errors.length, firstError: errors[0]?.error, p95 };
}

/**
 * Waits until the server has finished what a step's turns left it to do in the background (learning from the
 * conversations left, naming new ones: requests to the AI service), at most SETTLE_LIMIT_MS, so that one step's
 * background work does not run into the next.
 */
async function settled() {
  const limit = performance.now() + SETTLE_LIMIT_MS;
  let requests = await fake.count();
  while (performance.now() < limit) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_QUIET_MS));
    const now = await fake.count();
    if (now === requests) return;
    requests = now;
  }
}

/** Ramps the rate up until a step fails, then narrows the gap; the highest rate that passed. */
async function measure(root: string, database: "embedded" | "postgres", databaseUrl: string | undefined) {
  const env: Record<string, string> =
    database === "postgres" && databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" };
  const server = await startServers(root, env, database === "postgres" ? 2 : 1);
  try {
    const owners = ownersOf(server.cookies);
    // A warm-up at the first rate, not counted: the server's code is compiled as it first runs.
    await step(server, owners, FIRST_RATE, WARM_UP_SECONDS);
    await Promise.all(owners.map((owner) => owner.busy));
    await settled();
    const sustains = async (rate: number) => {
      // A step that fails once is run again (the machine is shared): the second failure counts.
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await step(server, owners, rate, STEP_SECONDS);
        const passed = result.errors === 0 && result.p95 <= P95_LIMIT_MS;
        process.stdout.write(
          `  ${path.basename(root)} ${database}: ${rate.toFixed(1)} turns/s, ${result.turns} turns, p95 ${result.p95.toFixed(0)} ms, ${result.errors} errors${result.firstError ? ` (${result.firstError})` : ""} → ${passed ? "sustained" : "not sustained"}\n`,
        );
        await Promise.all(owners.map((owner) => owner.busy));
        await settled();
        if (passed) return true;
      }
      return false;
    };
    const tenths = (rate: number) => Math.round(rate * 10) / 10;
    let best = 0;
    let failed = FIRST_RATE;
    while (await sustains(failed)) {
      best = failed;
      failed = tenths(failed * 1.25);
    }
    while (best > 0 && failed - best > best * 0.05) {
      const middle = tenths((best + failed) / 2);
      if (middle === best || middle === failed) break;
      if (await sustains(middle)) best = middle;
      else failed = middle;
    }
    return best;
  } finally {
    await server.stop();
  }
}

const postgres = DATABASES.includes("postgres") ? await startPostgresServer() : undefined;
try {
  const checkout = compareRef ? checkOutRef(compareRef, { build: false }) : undefined;
  // The ref's server is started by this checkout's bench/chat-server.ts (its owners' notes, a second process).
  if (checkout) fs.copyFileSync("bench/chat-server.ts", path.join(checkout.root, "bench/chat-server.ts"));
  try {
    const lines: string[] = [];
    for (const database of DATABASES) {
      const url = postgres?.url();
      const refRates: number[] = [];
      const rates: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        if (checkout) refRates.push(await measure(checkout.root, database, url));
        rates.push(await measure(process.cwd(), database, url));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const label = database === "postgres" ? "PostgreSQL 15, two server processes" : "embedded PGlite";
      lines.push(
        checkout
          ? `${label}: ${compareRef} ${median(refRates)} turns/s, this checkout ${median(rates)} turns/s (${(median(rates) / median(refRates)).toFixed(2)}×)`
          : `${label}: ${median(rates)} turns/s`,
      );
    }
    process.stdout.write(
      `Highest rate sustained for ${STEP_SECONDS} s with first-token p95 ≤ ${P95_LIMIT_MS} ms and no errors ` +
        `(${USERS} owners, ${PIECES} pieces each, ${RUNS} run${RUNS === 1 ? "" : "s"}):\n${lines.join("\n")}\n`,
    );
  } finally {
    checkout?.remove();
  }
} finally {
  await postgres?.destroy();
  await fake.close();
}

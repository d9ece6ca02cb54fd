// Chat benchmark (issue 7): `npm run bench:chat`.
//
// 1. Server time added before the first token: 200 sequential turns against the local OpenAI-protocol test server
//    answering at once. Time to first token as the client sees it is then almost all our own work (session, checks,
//    storing the question, context and retrieval, prompt, the provider call and relaying the first token), plus the
//    client's own HTTP and stream parsing, which run in this process beside the test AI server. The server measures
//    it too: each turn's debug line "chat first token" (the server runs at LOG_LEVEL=debug) says how long it took from
//    the request reaching the app to its first text being handed to the response, and how much of that was before
//    the AI request started and waiting for its first text. Target p50 ≤ 10 ms, p95 ≤ 30 ms, measured in the server. Each complete answer is then learned from in the background (one request for
//    facts to the AI service); server CPU per turn includes it, and the requests for facts are counted.
// 2. 200 concurrent streaming turns from 200 owners: errors (target 0), p95 time to first token, server RSS.
// Server RSS after the sequential turns is read 0.2 s after their learning's last request to the AI service, and again
// 2 s later, once the server has been idle for a moment (the target, ≤ 260 MiB, is for that one); then its peak during
// the concurrent turns. RSS is also read after the warm-up turns, so that growth per 100 turns shows a leak.
//
// The server under test is the checkout's built server (bundled into dist/server by scripts/build-server.mjs before
// the run), started as `npm start` starts it (scripts/serve.sh dist/server/index.js) on the embedded database in a
// fresh data folder, or with DATABASE_URL on a fresh database of that PostgreSQL server; its owners are made
// beforehand by the checkout's bench/chat-server.ts in a process of its own (bench/seeded-server.ts), so its memory is
// what serving the turns leaves, not what making the owners did. SERVER=tsx measures the old way: bench/chat-server.ts
// run through tsx serves the turns after making the owners itself. A compared ref that cannot be built and served so
// (no scripts/serve.sh) is measured the old way, and the output says so. The clients run here,
// the test AI server in a worker thread of this process (bench/fake-ai-thread.ts), so that a provider answering at once
// does not wait for the clients' work on this thread; AI_SERVER=inline runs it on this thread, as before. USERS and TURNS shrink a quick run; each owner has FACTS remembered facts (20 by default; 0 for
// none), which go with every question. The owners' other pieces (profile, Martha's answers) are sent whole, so
// retrieval has nothing to search and is skipped; PIECES=100 gives each owner a knowledge note of 100 pieces (through
// the app's API), which every turn then searches (a compared ref's owners are made by this checkout's
// bench/chat-server.ts, so that they have them too). `npm run bench:chat -- --compare <git ref>` runs the same measurement against
// that ref's server (from a temporary worktree) and this one, alternately RUNS times (default 1), and prints both
// columns with the ratio.
import fs from "node:fs";
import path from "node:path";
import { startChatServerProcess } from "./chat-server-process";
import { checkOutRef, compareRefArg, type Figure, printTable } from "./compare-ref";
import { startFakeAiInline, startFakeAiThread } from "./fake-ai-thread";
import { percentile } from "./percentile";
import { buildServer, canServeBuilt, startSeededServer } from "./seeded-server";
import { readTurnStream } from "./turn-stream";

const USERS = Number(process.env.USERS ?? 200);
const SEQUENTIAL_TURNS = Number(process.env.TURNS ?? 200);
const WARMUP_TURNS = 20;
// The built server has just opened its database: until its engine's hot code is compiled to optimized code (a few
// hundred statements) every turn is slower, which is not what an owner of a running server waits for. Before the
// measured owners' own warm-up, WARMUP turns (200 by default) from WARMUP_OWNERS owners of their own bring it to where
// a server that made its own owners was after 20, leaving the measured owners' conversations as long as before.
const SERVER_WARMUP_TURNS = Number(process.env.WARMUP ?? 200);
const WARMUP_OWNERS = 10;
const RUNS = Number(process.env.RUNS ?? 1);
const PIECES = Number(process.env.PIECES ?? 0);
const RSS_IDLE_AFTER_MS = 2000;
const compareRef = compareRefArg("bench:chat");

// The test AI server runs in a thread of its own (AI_SERVER=inline: in this one, beside the clients, as before).
const AI_SERVER = process.env.AI_SERVER === "inline" ? "inline" : "thread";
const fake = AI_SERVER === "inline" ? await startFakeAiInline() : await startFakeAiThread();

type Turn = {
  ok: boolean;
  /** The request id it was sent with; the server's log lines about it carry it. */
  requestId: string;
  ttftMs: number;
  providerAtMs: number;
  providerOwnMs: number;
  error?: string;
};

/** A turn's "chat first token" debug line from the server (durations in ms); an older server writes none. */
type ServerTimings = { firstTokenMs?: number; beforeProviderMs?: number; providerMs?: number };

let turnsSent = 0;

/** One chat turn, read to the end; times are from just before the request. */
async function turn(url: string, cookie: string, text: string): Promise<Turn> {
  const requestId = `bench-turn-${++turnsSent}`;
  const requestsBefore = await fake.count();
  const started = performance.now();
  const response = await fetch(`${url}/api/chat/martha/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie, "x-request-id": requestId },
    body: JSON.stringify({ text }),
  });
  if (!response.ok || !response.body) {
    return {
      ok: false,
      requestId,
      ttftMs: Number.NaN,
      providerAtMs: Number.NaN,
      providerOwnMs: Number.NaN,
      error: `HTTP ${response.status}`,
    };
  }
  const { ttftMs, finished, error } = await readTurnStream(response.body, started);
  // Only meaningful when turns run one at a time: when the provider received this turn's request, and how long it
  // took itself (reading the request, writing its first text), which is not server time.
  const request = (await fake.records(requestsBefore)).find((record) => record.streamed);
  const providerAtMs = request ? request.receivedAt - started : Number.NaN;
  const providerOwnMs = request?.firstTextAt ? request.firstTextAt - request.receivedAt : Number.NaN;
  return { ok: finished && !error, requestId, ttftMs, providerAtMs, providerOwnMs, error };
}

/** The requests for facts (structured output) the test AI server has received, in arrival order. */
async function factRecords() {
  return (await fake.records()).filter((record) => record.object);
}

/** Waits until the test AI server has had `count` requests for facts, or none for 3 s (a turn that learns nothing). */
async function learningCaughtUp(count: number) {
  let seen = (await factRecords()).length;
  let quietSince = performance.now();
  while (seen < count && performance.now() - quietSince < 3000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = (await factRecords()).length;
    if (now !== seen) quietSince = performance.now();
    seen = now;
  }
  // The request for facts is the learning's middle; its writes follow.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

function rssMiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time the server process has used so far (user + system), in ms; unlike wall time it ignores other load. */
function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

type ChatRun = {
  way: ServerWay;
  database: string;
  sequentialErrors: number;
  ttft: number[];
  beforeProvider: number[];
  serverAdded: number[];
  /** Measured in the server: request in → first text out, less the test AI server's own time (NaN from an older ref). */
  serverMeasured: number[];
  serverBeforeProvider: number[];
  serverProviderWait: number[];
  cpuPerTurnMs: number;
  /** Requests for facts during the sequential turns (learning from each answer), and their prompts' lengths. */
  factRequests: number;
  factPromptChars: number[];
  concurrentErrors: number;
  firstError?: string;
  concurrentTtft: number[];
  concurrentWallMs: number;
  /** Read RSS_IDLE_AFTER_MS after the warm-up turns' learning, before the sequential turns. */
  rssAfterWarmUp: number;
  /** Read 0.2 s after the sequential turns' learning, then RSS_IDLE_AFTER_MS later. */
  rssBefore: number;
  rssIdle: number;
  rssPeak: number;
  rssHighWater: number;
};

/**
 * How the server under test runs: "built" — `root`'s built server started as `npm start` starts it, its owners made
 * beforehand by another process (bench/seeded-server.ts); "tsx" — `root`'s bench/chat-server.ts run through tsx,
 * making its owners itself, as this benchmark ran before (its memory figures then include that burst).
 */
type ServerWay = "built" | "tsx";

/** Starts the server of the checkout in `root` the given way; its log lines go to `onLine`. */
function startServerUnderTest(root: string, way: ServerWay, onLine: (line: string) => void) {
  const seedEnv = {
    BENCH_USERS: String(USERS + WARMUP_OWNERS),
    BENCH_FACTS: process.env.FACTS ?? "20",
    BENCH_PIECES: String(PIECES),
    BENCH_AI_BASE_URL: fake.url,
  };
  if (way === "tsx") return startChatServerProcess(root, { ...seedEnv, BENCH_LOG_LEVEL: "debug" }, onLine);
  // The settings bench/chat-server.ts gives the app, for the built server, which reads them from its environment.
  return startSeededServer(
    root,
    seedEnv,
    {
      // Each turn's "chat first token" line says where its time went, measured in the server.
      LOG_LEVEL: "debug",
      AI_BASE_URL: fake.url,
      AI_API_KEY: "sk-bench",
      CHAT_MODEL: "bench-chat",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      CHAT_RATE_LIMIT_PER_MINUTE: "100000",
    },
    onLine,
  );
}

/** The whole measurement against the server of the checkout in `root` (this one, or the compared ref's). */
async function measure(root: string, way: ServerWay): Promise<ChatRun> {
  // Its standard output is read to the end (a full pipe would hold the server up): its log lines.
  const serverTimings = new Map<string, ServerTimings>();
  const server = await startServerUnderTest(root, way, (line) => {
    if (!line.startsWith("{")) return;
    const entry = JSON.parse(line) as { msg?: string; requestId?: string } & ServerTimings;
    if (entry.msg === "chat first token" && entry.requestId) serverTimings.set(entry.requestId, entry);
  });
  const timingsOf = (result: Turn) => serverTimings.get(result.requestId) ?? {};
  const { url, pid } = server;
  const cookies = server.cookies.slice(0, USERS);
  const warmUpCookies = server.cookies.slice(USERS);
  // Ten owners (fewer in a quick run with USERS under 10) take the sequential turns.
  const takingTurns = Math.min(10, cookies.length);
  try {
    // 1. Sequential turns, the AI answering at once. Ten owners take turns so conversations grow as in real use.
    for (let index = 0; index < SERVER_WARMUP_TURNS; index++) {
      await turn(url, warmUpCookies[index % WARMUP_OWNERS] ?? "", `Warm-up question ${index}`);
    }
    for (let index = 0; index < WARMUP_TURNS; index++) {
      await turn(url, cookies[index % takingTurns] ?? "", `Warm-up question ${index}`);
    }
    // Learning from an answer steps aside while a turn waits for its first token, so it may trail the turns: CPU is
    // counted from the moment the warm-up's learning is done to the moment the measured turns' learning is.
    await learningCaughtUp(SERVER_WARMUP_TURNS + WARMUP_TURNS);
    // Read once the server has been idle as long as for the figure after the turns, so the two compare.
    await new Promise((resolve) => setTimeout(resolve, RSS_IDLE_AFTER_MS));
    const rssAfterWarmUp = rssMiB(pid, "VmRSS");
    const sequential: Turn[] = [];
    const factRequestsBefore = (await factRecords()).length;
    const cpuBefore = serverCpuMs(pid);
    for (let index = 0; index < SEQUENTIAL_TURNS; index++) {
      sequential.push(
        await turn(url, cookies[index % takingTurns] ?? "", `Which channel should I focus on next month? (${index})`),
      );
    }
    await learningCaughtUp(factRequestsBefore + SEQUENTIAL_TURNS);
    const cpuPerTurnMs = (serverCpuMs(pid) - cpuBefore) / SEQUENTIAL_TURNS;
    const factRequests = (await factRecords()).slice(factRequestsBefore);

    // 2. Every owner at once, each streaming a ~40-word answer at 20 ms a word.
    await fake.queueChat(
      ...Array.from({ length: USERS }, () => ({
        reply: "word ".repeat(40).trim(),
        firstTokenDelayMs: 0,
        chunkDelayMs: 20,
      })),
    );
    const rssBefore = rssMiB(pid, "VmRSS");
    // What the server holds once it has been idle for a moment: it gives back what a burst left behind a second after
    // its last request (server/memory-settling.ts). The concurrent turns start from there.
    await new Promise((resolve) => setTimeout(resolve, RSS_IDLE_AFTER_MS));
    const rssIdle = rssMiB(pid, "VmRSS");
    let rssPeak = rssIdle;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMiB(pid, "VmRSS"));
    }, 25);
    const started = performance.now();
    const concurrent = await Promise.all(
      cookies.map((cookie, index) => turn(url, cookie, `Concurrent question ${index}`)),
    );
    const concurrentWallMs = performance.now() - started;
    clearInterval(sampler);
    const failures = concurrent.filter((result) => !result.ok);
    return {
      way,
      database: server.database,
      sequentialErrors: sequential.filter((result) => !result.ok).length,
      ttft: sequential.map((result) => result.ttftMs),
      beforeProvider: sequential.map((result) => result.providerAtMs),
      serverAdded: sequential.map((result) => result.ttftMs - result.providerOwnMs),
      serverMeasured: sequential.map((result) => (timingsOf(result).firstTokenMs ?? Number.NaN) - result.providerOwnMs),
      serverBeforeProvider: sequential.map((result) => timingsOf(result).beforeProviderMs ?? Number.NaN),
      serverProviderWait: sequential.map((result) => timingsOf(result).providerMs ?? Number.NaN),
      cpuPerTurnMs,
      factRequests: factRequests.length,
      factPromptChars: factRequests.map((request) => request.messagesChars),
      concurrentErrors: failures.length,
      firstError: failures[0]?.error,
      concurrentTtft: concurrent.map((result) => result.ttftMs),
      concurrentWallMs,
      rssAfterWarmUp,
      rssBefore,
      rssIdle,
      rssPeak,
      rssHighWater: rssMiB(pid, "VmHWM"),
    };
  } finally {
    await server.stop();
  }
}

const FIGURES: Array<Figure<ChatRun>> = [
  { label: `sequential turns (${SEQUENTIAL_TURNS}): errors`, value: (r) => r.sequentialErrors, unit: "", target: "0" },
  {
    label: "time to first token (AI answering at once), p50",
    value: (r) => percentile(r.ttft, 50),
    unit: "ms",
  },
  { label: "time to first token, p95", value: (r) => percentile(r.ttft, 95), unit: "ms" },
  {
    label: "of which before the AI request is sent, p50",
    value: (r) => percentile(r.beforeProvider, 50),
    unit: "ms",
  },
  {
    label: "server time added, as the client sees it (less the test AI server's own), p50",
    value: (r) => percentile(r.serverAdded, 50),
    unit: "ms",
  },
  { label: "server time added, as the client sees it, p95", value: (r) => percentile(r.serverAdded, 95), unit: "ms" },
  {
    label: "server time before the first token, measured in the server (less the provider's own time), p50",
    value: (r) => percentile(r.serverMeasured, 50),
    unit: "ms",
    target: "≤ 10 ms",
  },
  {
    label: "server time before the first token, measured in the server, p95",
    value: (r) => percentile(r.serverMeasured, 95),
    unit: "ms",
    target: "≤ 30 ms",
  },
  {
    label: "  in the server: before the AI request starts, p50",
    value: (r) => percentile(r.serverBeforeProvider, 50),
    unit: "ms",
  },
  {
    label: "  in the server: AI request started → its first text in, p50",
    value: (r) => percentile(r.serverProviderWait, 50),
    unit: "ms",
  },
  { label: "server CPU per whole turn (learning from it included)", value: (r) => r.cpuPerTurnMs, unit: "ms" },
  { label: "requests for facts (one per complete answer)", value: (r) => r.factRequests, unit: "" },
  {
    label: "prompt of a request for facts (characters), p50",
    value: (r) => percentile(r.factPromptChars, 50),
    unit: "",
  },
  { label: `concurrent turns (${USERS} owners): errors`, value: (r) => r.concurrentErrors, unit: "", target: "0" },
  { label: "concurrent: time to first token, p50", value: (r) => percentile(r.concurrentTtft, 50), unit: "ms" },
  { label: "concurrent: time to first token, p95", value: (r) => percentile(r.concurrentTtft, 95), unit: "ms" },
  { label: "concurrent: all done in", value: (r) => r.concurrentWallMs, unit: "ms" },
  {
    label: `server RSS after the warm-up turns, idle ${RSS_IDLE_AFTER_MS / 1000} s`,
    value: (r) => r.rssAfterWarmUp,
    unit: "MiB",
  },
  { label: "server RSS right after the sequential turns", value: (r) => r.rssBefore, unit: "MiB" },
  {
    label: `server RSS after the sequential turns, idle ${RSS_IDLE_AFTER_MS / 1000} s`,
    value: (r) => r.rssIdle,
    unit: "MiB",
    target: "≤ 260 MiB (issue 39)",
  },
  {
    label: "server RSS growth per 100 sequential turns (idle after them against idle after the warm-up)",
    value: (r) => ((r.rssIdle - r.rssAfterWarmUp) * 100) / SEQUENTIAL_TURNS,
    unit: "MiB",
  },
  { label: "server RSS peak during the concurrent turns", value: (r) => r.rssPeak, unit: "MiB", target: "≤ 400 MB" },
  {
    label: "server RSS high-water mark (the tsx way: includes making the owners)",
    value: (r) => r.rssHighWater,
    unit: "MiB",
  },
];

function report(runs: ChatRun[]) {
  const first = runs.find((run) => run.firstError)?.firstError;
  if (first) process.stdout.write(`First concurrent error: ${first}\n`);
}

const piecesNote = PIECES > 0 ? `; each owner has a knowledge note of ${PIECES} pieces` : "";

/** Made ready to be measured: the built way needs the server bundle and this checkout's seeding (owners, notes). */
function prepare(root: string, way: ServerWay) {
  if (root !== process.cwd() && (way === "built" || PIECES > 0)) {
    // An older harness would neither seed alone nor give the owners their pieces: the ref's owners are made by this
    // checkout's bench/chat-server.ts (the server's code is the ref's all the same).
    fs.copyFileSync("bench/chat-server.ts", path.join(root, "bench/chat-server.ts"));
  }
  if (way === "built") buildServer(root);
}

const way: ServerWay = process.env.SERVER === "tsx" ? "tsx" : "built";
const wayNote = (run: ChatRun | undefined) =>
  run?.way === "tsx" ? "; the server run through tsx, making its owners itself (memory includes that)" : "";

try {
  const current = { label: "this checkout", runs: [] as ChatRun[] };
  prepare(process.cwd(), way);
  if (!compareRef) {
    for (let index = 0; index < RUNS; index++) current.runs.push(await measure(process.cwd(), way));
    process.stdout.write(`Database: ${current.runs[0]?.database}${piecesNote}${wayNote(current.runs[0])}\n`);
    printTable(FIGURES, [current]);
    report(current.runs);
  } else {
    process.stdout.write(`Checking out ${compareRef} in a temporary worktree…\n`);
    const checkout = checkOutRef(compareRef, { build: false });
    // A ref from before scripts/serve.sh and the server bundle is measured as this benchmark measured then.
    const refWay: ServerWay = way === "built" && canServeBuilt(checkout.root) ? "built" : "tsx";
    const ref = { label: compareRef, runs: [] as ChatRun[] };
    try {
      prepare(checkout.root, refWay);
      for (let index = 0; index < RUNS; index++) {
        ref.runs.push(await measure(checkout.root, refWay));
        current.runs.push(await measure(process.cwd(), way));
      }
    } finally {
      checkout.remove();
    }
    process.stdout.write(`Database: ${current.runs[0]?.database}${piecesNote}${wayNote(current.runs[0])}\n`);
    if (refWay !== way) {
      process.stdout.write(
        `${compareRef} cannot be served built: measured the old way (through tsx, making its owners itself), so its memory figures include that\n`,
      );
    }
    printTable(FIGURES, [ref, current]);
    report([...ref.runs, ...current.runs]);
  }
} finally {
  await fake.close();
}

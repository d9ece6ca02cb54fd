// Board meeting benchmark (issue 20): `npm run bench:board`.
//
// MEETINGS board questions (default 50, one at a time) to four directors, against the local OpenAI-protocol test
// server answering at once: the time from sending to the first token of every column and to the memo's first token,
// as the client reads them. Target: the four columns' first tokens within 20 ms of each other (their spread, the
// last column's first token less the first's), so the columns visibly start together.
//
// The server runs in its own process (bench/chat-server.ts, four directors trained per owner, the embedded database in
// a fresh data folder, or with DATABASE_URL a fresh database of that PostgreSQL server); the test AI server and the
// client run here. `npm run bench:board -- --compare <git ref>` also starts that ref's server (from a temporary
// worktree) beside this one and puts the questions to the two in turn, so both are measured under the same load, and
// prints both with the ratio.
import { boardReader } from "../server/test/board-reader";
import { boardRoute } from "../server/test/board-scripts";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import type { DirectorId } from "../shared/directors";
import { type ChatServerProcess, startChatServerProcess } from "./chat-server-process";
import { checkOutRef, compareRefArg, type Figure, printTable } from "./compare-ref";
import { percentile } from "./percentile";

const MEETINGS = Number(process.env.MEETINGS ?? 50);
const WARMUP = 5;
const OWNERS = 10;
const DIRECTORS: DirectorId[] = ["martha", "finn", "ollie", "harper"];
const SPREAD_TARGET_MS = 20;
const compareRef = compareRefArg("bench:board");

const fake = await startFakeAiServer();
fake.route = boardRoute();

/** The app with OWNERS owners, each with the four directors trained, from the checkout in `root`. */
function startBoardServer(root: string): Promise<ChatServerProcess> {
  return startChatServerProcess(root, {
    BENCH_USERS: String(OWNERS),
    BENCH_DIRECTORS: DIRECTORS.join(","),
    BENCH_AI_BASE_URL: fake.url,
  });
}

type Meeting = { ok: boolean; columns: number[]; spread: number; memo: number; error?: string };

/** One board question, read to the end; times are from just before the request. */
async function meeting(server: ChatServerProcess, index: number, text: string): Promise<Meeting> {
  const { url } = server;
  const started = performance.now();
  const response = await fetch(`${url}/api/board/meetings`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie: server.cookies[index % OWNERS] ?? "" },
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

const question = (index: number) => `Should we spend more on spring marketing? (${index})`;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const print = (line: string) => process.stdout.write(`${line}\n`);
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;
const succeeded = (results: Meeting[]) => results.filter((result) => result.ok);
const within = (results: Meeting[]) => results.filter((result) => result.spread <= SPREAD_TARGET_MS).length;

/** Every figure of one server's meetings. */
function report(results: Meeting[]) {
  const failures = results.filter((result) => !result.ok);
  const ok = succeeded(results);
  print(
    `Board meetings: ${results.length} questions to ${DIRECTORS.length} directors, one at a time, ${failures.length} errors`,
  );
  if (failures[0]) print(`  first error: ${failures[0].error}`);
  print(`  sending → each column's first token: ${summary(ok.flatMap((result) => result.columns))}`);
  for (const [index, id] of DIRECTORS.entries()) {
    print(`    ${id.padEnd(7)} ${summary(ok.map((result) => result.columns[index] ?? Number.NaN))}`);
  }
  print(
    `  spread of the four columns' first tokens: ${summary(ok.map((result) => result.spread))}; within ${SPREAD_TARGET_MS} ms in ${within(ok)} of ${ok.length}`,
  );
  print(`  sending → the memo's first token (after every column has answered): ${summary(ok.map((r) => r.memo))}`);
}

const spreads = (results: Meeting[]) => succeeded(results).map((result) => result.spread);
const firstTokens = (results: Meeting[]) => succeeded(results).flatMap((result) => result.columns);
const memos = (results: Meeting[]) => succeeded(results).map((result) => result.memo);
const FIGURES: Array<Figure<Meeting[]>> = [
  { label: "each column's first token, p50", value: (r) => percentile(firstTokens(r), 50), unit: "ms" },
  { label: "spread of the first tokens, p50", value: (r) => percentile(spreads(r), 50), unit: "ms" },
  { label: "spread of the first tokens, p95", value: (r) => percentile(spreads(r), 95), unit: "ms", target: "≤ 20 ms" },
  { label: "spread of the first tokens, max", value: (r) => Math.max(...spreads(r)), unit: "ms" },
  { label: `meetings with a spread ≤ ${SPREAD_TARGET_MS} ms`, value: (r) => within(succeeded(r)), unit: "" },
  { label: "errors", value: (r) => r.length - succeeded(r).length, unit: "", target: "0" },
  { label: "the memo's first token, p50", value: (r) => percentile(memos(r), 50), unit: "ms" },
];

const servers: ChatServerProcess[] = [];
let removeCheckout = () => {};
try {
  if (!compareRef) {
    const server = await startBoardServer(process.cwd());
    servers.push(server);
    print(`Database: ${server.database}`);
    for (let index = 0; index < WARMUP; index++) await meeting(server, index, `Warm-up ${index}`);
    const results: Meeting[] = [];
    for (let index = 0; index < MEETINGS; index++) results.push(await meeting(server, index, question(index)));
    report(results);
  } else {
    print(`Checking out ${compareRef} in a temporary worktree…`);
    const checkout = checkOutRef(compareRef, { build: false });
    removeCheckout = checkout.remove;
    const ref = await startBoardServer(checkout.root);
    servers.push(ref);
    const current = await startBoardServer(process.cwd());
    servers.push(current);
    print(`Database: ${current.database}`);
    for (let index = 0; index < WARMUP; index++) {
      await meeting(ref, index, `Warm-up ${index}`);
      await meeting(current, index, `Warm-up ${index}`);
    }
    // Question by question, the two in turn (each going first half of the time), so load on the machine falls on both.
    const refResults: Meeting[] = [];
    const currentResults: Meeting[] = [];
    for (let index = 0; index < MEETINGS; index++) {
      const pair = async (server: ChatServerProcess, results: Meeting[]) =>
        results.push(await meeting(server, index, question(index)));
      if (index % 2 === 0) {
        await pair(ref, refResults);
        await pair(current, currentResults);
      } else {
        await pair(current, currentResults);
        await pair(ref, refResults);
      }
    }
    print(`\n${compareRef}:`);
    report(refResults);
    print("\nthis checkout:");
    report(currentResults);
    print("");
    printTable(FIGURES, [
      { label: compareRef, runs: [refResults] },
      { label: "this checkout", runs: [currentResults] },
    ]);
    print(`(${MEETINGS} questions each, put to the two servers in turn)`);
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  removeCheckout();
  await fake.close();
}

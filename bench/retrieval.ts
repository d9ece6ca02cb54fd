// Retrieval benchmark (issue 6): `npm run bench:retrieval` (or `npm run bench:retrieval -- 10000` for one size).
// With DATABASE_URL it runs on that PostgreSQL server instead of the embedded database, in databases of its own that
// it creates and drops (the role needs CREATEDB); without pgvector there, retrieval is full text only.
//
// For each size (10 k and 100 k context pieces, 100 per owner, 1536-dimension vectors) it builds a fresh database
// (bench/bench-database.ts), loads the pieces in bulk with the per-user indexes dropped, and builds them
// afterwards (bench/retrieval-worker.ts, in a process of its own), then every owner's copy of their pieces in the
// process, as a server builds it after an owner's first question (server/ai/ranking-index.ts). Then it times owners'
// questions, alternating between the databases so that both sizes run under the same machine load:
//   - the retrieval alone (searchPieces: the owner's pieces ranked by full text and by vector, fused, with their
//     text), ranked from the owner's copy (an owner who has asked before: the usual case), and from the database
//     alone (an owner's first question since the server started or their pieces changed, or an owner whose copy the
//     server could not keep);
//   - retrieveContext end to end, including embedding the question through the local OpenAI-protocol test server.
// The threshold is 0 so that every question returns RETRIEVAL_PIECE_COUNT pieces (the slower path).
// Targets: p95 ≤ 10 ms, and the 100 k figure within 1.2× of the 10 k one (cost follows one owner's data).
//
// `npm run bench:retrieval -- --compare <git ref> [sizes…]` also loads the same sizes with that ref's retrieval code
// and migrations (from a temporary worktree, in a second worker) and alternates batches of questions between the two,
// printing both columns with the ratio.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { checkOutRef, compareRefArg, type Figure, printTable } from "./compare-ref";
import { percentile } from "./percentile";
import type { SizeTimings, WorkerReady } from "./retrieval-worker";

const QUERIES = Number(process.env.QUERIES ?? 400);
const WARMUP = 40;
/** Questions per size a worker answers before the other worker's turn. */
const BATCH = 20;

const compareRef = compareRefArg("bench:retrieval");
const args = process.argv.slice(2);
const sizeArgs = args.filter((arg, index) => arg !== "--compare" && args[index - 1] !== "--compare").map(Number);
const sizes = sizeArgs.filter(Boolean).length > 0 ? sizeArgs.filter(Boolean) : [10_000, 100_000];

type Worker = {
  ready: WorkerReady;
  rounds(count: number): Promise<SizeTimings[]>;
  quit(): Promise<void>;
};

/** Starts a worker with the retrieval code of the checkout in `root` and waits until its databases are loaded. */
async function startWorker(root: string, aiUrl: string): Promise<Worker> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/retrieval-worker.ts", ...sizes.map(String)], {
    env: { ...process.env, BENCH_ROOT: root, BENCH_AI_BASE_URL: aiUrl },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the retrieval worker ended early");
    return JSON.parse(value) as T;
  };
  const ready = await next<WorkerReady>();
  return {
    ready,
    async rounds(count) {
      child.stdin.write(`${JSON.stringify({ rounds: count })}\n`);
      return next<SizeTimings[]>();
    },
    async quit() {
      child.stdin.write(`${JSON.stringify({ quit: true })}\n`);
      await exited;
    },
  };
}

type Result = { ready: WorkerReady; timings: SizeTimings[] };

const search = (result: Result, size: number) => result.timings[size]?.search ?? [];
const fromDatabase = (result: Result, size: number) => result.timings[size]?.database ?? [];
const FIGURES: Array<Figure<Result>> = [
  ...sizes.flatMap(
    (pieces, size): Array<Figure<Result>> => [
      {
        label: `${pieces} pieces: loaded in`,
        value: (r) => r.ready.sizes[size]?.loadMs ?? Number.NaN,
        unit: "ms",
      },
      {
        label: `${pieces} pieces: every owner's copy built in`,
        value: (r) => r.ready.sizes[size]?.copiesMs ?? Number.NaN,
        unit: "ms",
      },
      {
        label: `${pieces} pieces: the copies' size`,
        value: (r) => (r.ready.sizes[size]?.copiesBytes ?? Number.NaN) / 2 ** 20,
        unit: "MiB",
      },
      {
        label: `${pieces} pieces: retrieval from the owner's copy, p50`,
        value: (r) => percentile(search(r, size), 50),
        unit: "ms",
      },
      {
        label: `${pieces} pieces: retrieval from the owner's copy, p95`,
        value: (r) => percentile(search(r, size), 95),
        unit: "ms",
        target: "≤ 10 ms",
      },
      {
        label: `${pieces} pieces: retrieval from the database alone, p50`,
        value: (r) => percentile(fromDatabase(r, size), 50),
        unit: "ms",
      },
      {
        label: `${pieces} pieces: retrieval from the database alone, p95`,
        value: (r) => percentile(fromDatabase(r, size), 95),
        unit: "ms",
        target: "≤ 10 ms",
      },
      {
        label: `${pieces} pieces: with the question's embedding, p50`,
        value: (r) => percentile(r.timings[size]?.full ?? [], 50),
        unit: "ms",
      },
      {
        label: `${pieces} pieces: with the question's embedding, p95`,
        value: (r) => percentile(r.timings[size]?.full ?? [], 95),
        unit: "ms",
      },
      {
        label: `${pieces} pieces: pieces returned per question`,
        value: (r) => (r.timings[size]?.returned ?? 0) / Math.max(1, search(r, size).length),
        unit: "",
      },
    ],
  ),
  ...(sizes.length > 1
    ? [
        {
          label: "largest / smallest, retrieval p95 from the copy (× 100)",
          value: (r: Result) => (100 * percentile(search(r, sizes.length - 1), 95)) / percentile(search(r, 0), 95),
          unit: "" as const,
          target: "≤ 120",
        },
        {
          label: "largest / smallest, from the database alone (× 100)",
          value: (r: Result) =>
            (100 * percentile(fromDatabase(r, sizes.length - 1), 95)) / percentile(fromDatabase(r, 0), 95),
          unit: "" as const,
          target: "≤ 120",
        },
      ]
    : []),
];

const fake = await startFakeAiServer();
const checkout = compareRef ? checkOutRef(compareRef, { build: false }) : undefined;
const workers: Worker[] = [];
try {
  if (checkout) process.stdout.write(`${compareRef} is checked out in a temporary worktree; loading both…\n`);
  // Both load at once; the timings below alternate, so they share the machine's load.
  workers.push(
    ...(await Promise.all([
      ...(checkout ? [startWorker(checkout.root, fake.url)] : []),
      startWorker(process.cwd(), fake.url),
    ])),
  );
  const results: Result[] = workers.map((worker) => ({
    ready: worker.ready,
    timings: sizes.map(() => ({ search: [], database: [], full: [], returned: 0 })),
  }));
  for (const worker of workers) await worker.rounds(WARMUP);
  for (let done = 0; done < QUERIES; done += BATCH) {
    for (const [index, worker] of workers.entries()) {
      const batch = await worker.rounds(Math.min(BATCH, QUERIES - done));
      const result = results[index] as Result;
      for (const [size, timing] of batch.entries()) {
        const total = result.timings[size] as SizeTimings;
        total.search.push(...timing.search);
        total.database.push(...timing.database);
        total.full.push(...timing.full);
        total.returned += timing.returned;
      }
    }
  }
  const ready = workers[0]?.ready;
  process.stdout.write(
    `${ready?.label}, ${ready?.vectors ? "vector + full text" : "full text only (no pgvector)"}, ${QUERIES} questions per size\n`,
  );
  const columns = results.map((result, index) => ({
    label: checkout && index === 0 ? (compareRef as string) : "this checkout",
    runs: [result],
  }));
  printTable(FIGURES, columns);
} finally {
  for (const worker of workers) await worker.quit();
  checkout?.remove();
  await fake.close();
}

// The test AI server (server/test/fake-ai-server.ts) in a worker thread of its own, for benchmarks: a provider that
// "answers at once" then answers at once, instead of waiting on the bench process's event loop behind its own clients
// (their requests, their stream parsing). The bench asks it what it recorded by message; times are converted to the
// bench thread's `performance.now()`.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { type ChatScript, type RecordedRequest, startFakeAiServer } from "../server/test/fake-ai-server";

/** What a benchmark reads of one request: its kind, its times (the bench thread's `performance.now()`), its prompt's size. */
export type RequestRecord = {
  streamed: boolean;
  object: boolean;
  receivedAt: number;
  firstTextAt?: number;
  /** Characters of the request's messages as JSON. */
  messagesChars: number;
};

export type FakeAiThread = {
  url: string;
  /** The records of the chat requests (streamed, for JSON, plain) received so far, from `from` on, in arrival order. */
  records(from?: number): Promise<RequestRecord[]>;
  /** How many chat requests it has received. */
  count(): Promise<number>;
  queueChat(...scripts: ChatScript[]): Promise<void>;
  close(): Promise<void>;
};

type Ask = { method: "records"; from: number } | { method: "count" } | { method: "queueChat"; scripts: ChatScript[] };
type Call = Ask & { id: number };
type Reply = { id: number; records?: RequestRecord[]; origin?: number; count?: number };

const THREAD_MARK = "directors-fake-ai-thread";

/** Starts the test AI server in a worker thread; resolves once it listens. */
export async function startFakeAiThread(): Promise<FakeAiThread> {
  // The worker loads this TypeScript file through tsx's loader, as the bench's own files are.
  const entry = JSON.stringify(import.meta.url);
  const worker = new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${entry}); });`, {
    eval: true,
    workerData: { mark: THREAD_MARK },
  });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", (message: { url: string }) => resolve(message.url));
    worker.once("error", reject);
  });
  const pending = new Map<number, (reply: Reply) => void>();
  worker.on("message", (reply: Reply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  let calls = 0;
  const call = (message: Ask) =>
    new Promise<Reply>((resolve) => {
      const id = ++calls;
      pending.set(id, resolve);
      worker.postMessage({ ...message, id });
    });
  // Both threads' clocks in one: the worker's times arrive on the worker's time origin.
  const toHere = (workerOrigin: number, at: number) => at + workerOrigin - performance.timeOrigin;
  return {
    url,
    async records(from = 0) {
      const { records = [], origin = performance.timeOrigin } = await call({ method: "records", from });
      return records.map((record) => ({
        ...record,
        receivedAt: toHere(origin, record.receivedAt),
        firstTextAt: record.firstTextAt === undefined ? undefined : toHere(origin, record.firstTextAt),
      }));
    },
    count: async () => (await call({ method: "count" })).count ?? 0,
    async queueChat(...scripts) {
      await call({ method: "queueChat", scripts });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** The same interface on the test AI server in this thread (AI_SERVER=inline: how bench:chat measured before). */
export async function startFakeAiInline(): Promise<FakeAiThread> {
  const fake = await startFakeAiServer();
  return {
    url: fake.url,
    records: async (from = 0) => fake.chatRequests().slice(from).map(recordOf),
    count: async () => fake.chatRequests().length,
    queueChat: async (...scripts) => fake.queueChat(...scripts),
    close: () => fake.close(),
  };
}

function recordOf(request: RecordedRequest): RequestRecord {
  return {
    streamed: request.body.stream === true,
    object: Boolean(request.body.response_format),
    receivedAt: request.receivedAt,
    firstTextAt: request.firstTextAt,
    messagesChars: JSON.stringify(request.body.messages ?? []).length,
  };
}

if (!isMainThread && (workerData as { mark?: string } | undefined)?.mark === THREAD_MARK) {
  const port = parentPort;
  if (!port) throw new Error("the test AI thread has no parent");
  const fake = await startFakeAiServer();
  port.postMessage({ url: fake.url });
  port.on("message", (message: Call) => {
    if (message.method === "queueChat") {
      fake.queueChat(...message.scripts);
      port.postMessage({ id: message.id });
      return;
    }
    if (message.method === "count") {
      port.postMessage({ id: message.id, count: fake.chatRequests().length });
      return;
    }
    const records = fake.chatRequests().slice(message.from).map(recordOf);
    port.postMessage({ id: message.id, records, origin: performance.timeOrigin });
  });
}

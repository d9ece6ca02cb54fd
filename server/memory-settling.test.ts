import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { collectAndCompact, compactAlongside, type MemorySettling, settleMemoryWhenIdle } from "./memory-settling";

const MiB = 1024 * 1024;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A real HTTP server whose /slow responses stay open until released. */
async function startServer() {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    if (request.url === "/slow") held.push(response);
    else response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path = "/") => fetch(`${url}${path}`).then((response) => response.text()),
    held,
  };
}

function settling(options: { committed: { bytes: number }; minIntervalMs?: number; clock?: { ms: number } }): {
  settler: MemorySettling;
  collect: ReturnType<typeof vi.fn>;
} {
  const collect = vi.fn();
  const settler = settleMemoryWhenIdle({
    idleMs: 50,
    minIntervalMs: options.minIntervalMs ?? 0,
    minGrowthBytes: 16 * MiB,
    collect,
    committedBytes: () => options.committed.bytes,
    now: options.clock ? () => options.clock?.ms ?? 0 : undefined,
  });
  cleanups.push(() => settler.stop());
  return { settler, collect };
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("memory settling once the server is idle", () => {
  it("collects once no request has been in flight for a while, never during one, and only after the heap grew", async () => {
    const server = await startServer();
    const committed = { bytes: 100 * MiB };
    const { collect } = settling({ committed });

    // A response still being written (a streaming answer) holds it off, however long it runs.
    const slow = server.get("/slow");
    await vi.waitFor(() => expect(server.held).toHaveLength(1));
    await server.get("/");
    await idle(200);
    expect(collect).not.toHaveBeenCalled();
    server.held[0]?.end("done");
    await slow;
    await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(1), { timeout: 5000 });

    // The next burst left the heap where it was: nothing to give back, no collection.
    committed.bytes = 110 * MiB;
    await server.get("/");
    await idle(200);
    expect(collect).toHaveBeenCalledTimes(1);

    // Once it has grown by 16 MB, the next idle moment collects again.
    committed.bytes = 130 * MiB;
    await server.get("/");
    await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(2), { timeout: 5000 });
  });

  it("collects once the server's start asks for it, with no request yet", async () => {
    const { settler, collect } = settling({ committed: { bytes: 100 * MiB } });
    await idle(200);
    expect(collect).not.toHaveBeenCalled();
    settler.settleSoon();
    await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it("waits out the least interval between two collections", async () => {
    const server = await startServer();
    const committed = { bytes: 100 * MiB };
    const clock = { ms: 0 };
    const { collect } = settling({ committed, minIntervalMs: 600, clock });
    await server.get("/");
    await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(1), { timeout: 5000 });
    committed.bytes = 200 * MiB;
    await server.get("/");
    await idle(300);
    expect(collect).toHaveBeenCalledTimes(1);
    clock.ms = 600;
    await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(2), { timeout: 5000 });
  });

  it("gives back the heap's pages that hold little but garbage", () => {
    const oldSpace = () =>
      v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space")?.space_size ?? 0;
    // Every page of a burst's objects keeps one in ten alive: a full collection frees the rest but keeps the pages.
    const kept: object[] = [];
    let garbage: object[] | undefined = [];
    for (let index = 0; index < 400_000; index++) {
      const object = { index, text: `a short-lived string ${index}`, pair: [index, index] };
      if (index % 10 === 0) kept.push(object);
      else garbage.push(object);
    }
    garbage = undefined;
    const before = oldSpace();
    collectAndCompact()();
    expect(before - oldSpace()).toBeGreaterThan(20 * MiB);
    expect(kept).toHaveLength(40_000);
    expect(garbage).toBeUndefined();
  });

  it("compacts another thread's heap along with this one's", async () => {
    // A thread whose heap holds a burst's pages, one object in ten kept: it compacts when asked and says its old space.
    const thread = new Worker(
      `const { parentPort } = require("node:worker_threads");
      const v8 = require("node:v8");
      const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space").space_size;
      const kept = [];
      let garbage = [];
      for (let index = 0; index < 400000; index++) (index % 10 ? garbage : kept).push({ index, text: "s" + index });
      garbage = undefined;
      v8.setFlagsFromString("--expose-gc");
      const collect = require("node:vm").runInNewContext("gc");
      parentPort.on("message", () => {
        v8.setFlagsFromString("--compact-on-every-full-gc");
        collect();
        v8.setFlagsFromString("--no-compact-on-every-full-gc");
        parentPort.postMessage(oldSpace());
      });
      parentPort.postMessage(oldSpace());`,
      { eval: true },
    );
    const nextSize = () =>
      new Promise<number>((resolve, reject) => {
        thread.once("message", resolve);
        thread.once("error", reject);
      });
    const before = await nextSize();
    let after = before;
    const stop = compactAlongside(async () => {
      const size = nextSize();
      thread.postMessage("compact");
      after = await size;
    });
    try {
      await collectAndCompact()();
      expect(before - after).toBeGreaterThan(10 * MiB);
    } finally {
      stop();
      await thread.terminate();
    }
  });

  it("gives back the C library's free memory between blocks still in use", async () => {
    const resident = () => process.memoryUsage.rss();
    // 120 MB of buffers outside V8's heap, in the C library's heap; one in twenty stays, so that the freed ones lie
    // between blocks in use, where glibc does not give memory back on its own.
    let blocks: Buffer[] | undefined = Array.from({ length: 2000 }, () => Buffer.alloc(60 * 1024, 1));
    const kept = blocks.filter((_, index) => index % 20 === 0);
    blocks = undefined;
    const before = resident();
    const settle = collectAndCompact();
    // The collection frees the buffers' memory on a thread of V8's, possibly after it returns.
    await vi.waitFor(
      () => {
        settle();
        expect(before - resident()).toBeGreaterThan(80 * MiB);
      },
      { timeout: 5000, interval: 100 },
    );
    expect(kept).toHaveLength(100);
  });
});

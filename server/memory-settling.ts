import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import v8 from "node:v8";
import vm from "node:vm";
import { loadMallocTrim } from "./malloc-trim";

/**
 * Gives memory back once the server goes idle after a burst of requests (docs/decisions/0020;
 * measurements in docs/benchmarks.md). V8 keeps the pages of its heap that a burst filled with short-lived objects: a full collection frees the
 * objects, but a page that still holds one live object stays committed, so after a burst of chat turns much of the old
 * generation is free space in resident pages. One collection that also compacts (moves the live objects together, so
 * the emptied pages go back to the system), run when no request has been in flight for a while, returns it. The C
 * library's free memory goes back after it (server/malloc-trim.ts).
 *
 * It runs only when the heap has grown by `minGrowthBytes` since the last one (so an owner chatting now and then does
 * not pay a collection per turn), at most once per `minIntervalMs`, and never while a request is in flight.
 */
export type MemorySettlingOptions = {
  /** How long no request may be in flight before the collection runs. */
  idleMs: number;
  /** The least time between two collections. */
  minIntervalMs: number;
  /** How far V8's committed heap must have grown since the last collection. */
  minGrowthBytes: number;
  /** The compacting collection (collectAndCompact by default). */
  collect?: () => void | Promise<void>;
  /** V8's committed heap in bytes (its total physical size by default). */
  committedBytes?: () => number;
  now?: () => number;
};

export const MEMORY_SETTLING_DEFAULTS: MemorySettlingOptions = {
  idleMs: 1000,
  minIntervalMs: 10_000,
  minGrowthBytes: 16 * 1024 * 1024,
};

export type MemorySettling = {
  /** Collections run so far. */
  readonly collections: number;
  /** Settles as after a request, once nothing is in flight for idleMs: for the end of the server's start. */
  settleSoon(): void;
  stop(): void;
};

const requestStart = diagnosticsChannel.channel("http.server.request.start");

/** Watches every HTTP server of this process (through Node's diagnostics channel) and settles memory when idle. */
export function settleMemoryWhenIdle(options: MemorySettlingOptions = MEMORY_SETTLING_DEFAULTS): MemorySettling {
  const collect = options.collect ?? collectAndCompact();
  const committedBytes = options.committedBytes ?? (() => v8.getHeapStatistics().total_physical_size);
  const now = options.now ?? Date.now;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let lastCollection = Number.NEGATIVE_INFINITY;
  let committedAfter = 0;
  let collections = 0;

  const arm = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(settle, delayMs);
    // An idle server with nothing else to do still exits when asked to.
    timer.unref();
  };
  const settle = () => {
    timer = undefined;
    if (inFlight > 0) return;
    const wait = lastCollection + options.minIntervalMs - now();
    if (wait > 0) return arm(wait);
    if (committedBytes() - committedAfter < options.minGrowthBytes) return;
    void collect();
    collections++;
    lastCollection = now();
    committedAfter = committedBytes();
  };
  const onRequest = (message: unknown) => {
    const { response } = message as { request: IncomingMessage; response: ServerResponse };
    inFlight++;
    clearTimeout(timer);
    timer = undefined;
    // "close" comes once whether the response was written to the end or the client went away.
    response.once("close", () => {
      inFlight--;
      if (inFlight === 0) arm(options.idleMs);
    });
  };
  requestStart.subscribe(onRequest);
  return {
    get collections() {
      return collections;
    },
    settleSoon() {
      if (inFlight === 0) arm(options.idleMs);
    },
    stop() {
      requestStart.unsubscribe(onRequest);
      clearTimeout(timer);
    },
  };
}

/**
 * A full collection that compacts every page, then the C library's free memory given back (where the C library is
 * glibc). Node offers no call for either: V8's `gc` function is reached through a context created once `--expose-gc`
 * is set (the app's own global scope does not get it), and compaction of every page, which V8 otherwise does only for
 * the most fragmented ones, is switched on for that one collection. The collection comes first, as it frees the memory
 * that buffers held outside V8's heap.
 */
export function collectAndCompact(): () => Promise<void> {
  const compact = compactingCollection();
  const mallocTrim = loadMallocTrim();
  return async () => {
    compact();
    await Promise.all([...otherHeaps].map((other) => other().catch(() => {})));
    mallocTrim?.();
  };
}

/** This thread's compacting collection: V8's `gc` with compaction of every page switched on for that one collection. */
export function compactingCollection(): () => void {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  return () => {
    v8.setFlagsFromString("--compact-on-every-full-gc");
    try {
      gc();
    } finally {
      v8.setFlagsFromString("--no-compact-on-every-full-gc");
    }
  };
}

/** Other threads' heaps, compacted with this one's before the C library's memory goes back. */
const otherHeaps = new Set<() => Promise<void>>();

/** Compacts another thread's heap (the embedded database's: server/db/engine-client.ts) along with this one's. */
export function compactAlongside(compact: () => Promise<void>): () => void {
  otherHeaps.add(compact);
  return () => otherHeaps.delete(compact);
}

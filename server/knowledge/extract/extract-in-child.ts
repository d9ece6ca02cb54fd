import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { KnowledgeFormat } from "../../../shared/knowledge";
import type { Env } from "../../env";
import type { ReadingAnswer, ReadingRequest } from "./extract-child";
import type { ReadSource } from "./extract-source";
import { ExtractionError } from "./extracted";

/** The reading process's limits: its resident memory, and how long one file may take. */
export type ReadingLimits = { memoryMb: number; timeoutMs: number };

export function readingLimitsOf(
  env: Pick<Env, "KNOWLEDGE_READ_MEMORY_MB" | "KNOWLEDGE_READ_TIMEOUT_S">,
): ReadingLimits {
  return { memoryMb: env.KNOWLEDGE_READ_MEMORY_MB, timeoutMs: env.KNOWLEDGE_READ_TIMEOUT_S * 1000 };
}

/** The reading process ended without an answer, and not at a limit: reading again may work. */
export class ReadingCrashed extends Error {
  constructor(cause: unknown) {
    super("the reading process ended without an answer", { cause });
    this.name = "ReadingCrashed";
  }
}

/** What V8's heap may take of the memory limit; the rest is Node's own and the readers' buffers. */
const HEAP_SHARE = 0.6;
/** How often the reading process's resident memory is looked at while it reads. */
const WATCH_MS = 25;
/** Past this share of its memory limit between files, the reading process is replaced by a fresh one. */
const KEPT_SHARE = 0.6;
/** A process left without a file for this long ends, and its memory with it; a batch of files shares one. */
const IDLE_MS = 10_000;

type Pending = { resolve(read: ReadSource): void; reject(error: Error): void };
type Reader = {
  child: ChildProcess;
  memoryMb: number;
  pending?: Pending;
  idleTimer?: NodeJS.Timeout;
  /** Set when this side stopped it for passing its memory limit. */
  overLimit: boolean;
  /** The end of what it wrote to standard error: V8 says there when its heap ran out. */
  stderr: string;
};

let reader: Reader | undefined;
let lastRead: Promise<void> = Promise.resolve();

/**
 * Reads a file's text and pieces (extract-source.ts) in a process of its own,
 * so that no file can hold up or bring down the server: a file that needs
 * more memory than the reading process may have (V8's heap limit, and its
 * resident memory watched from here) is refused with "too_big_to_read", one
 * that takes too long with "too_slow_to_read"; either way the process ends.
 * Files are read one at a time, so reading takes one process's memory however
 * many files arrive together. The process holds no secrets: it gets no
 * environment.
 */
export function extractInChild(format: KnowledgeFormat, bytes: Uint8Array, limits: ReadingLimits): Promise<ReadSource> {
  const turn = lastRead.then(() => readInChild(format, bytes, limits));
  lastRead = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

function readInChild(format: KnowledgeFormat, bytes: Uint8Array, limits: ReadingLimits): Promise<ReadSource> {
  const current = readerFor(limits.memoryMb);
  holdOpen(current.child, true);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      current.pending = undefined;
      stop(current);
      reject(new ExtractionError("too_slow_to_read"));
    }, limits.timeoutMs);
    const watch = setInterval(() => {
      if (residentMb(current.child.pid) <= limits.memoryMb) return;
      current.overLimit = true;
      current.child.kill("SIGKILL");
    }, WATCH_MS);
    const done = () => {
      clearTimeout(timer);
      clearInterval(watch);
      if (reader !== current) return;
      holdOpen(current.child, false);
      current.idleTimer = setTimeout(() => stop(current), IDLE_MS).unref();
    };
    current.pending = {
      resolve: (read) => {
        done();
        resolve(read);
      },
      reject: (error) => {
        done();
        reject(error);
      },
    };
    current.child.send({ format, bytes } satisfies ReadingRequest);
  });
}

/**
 * The reading process waiting for files, or a new one: also in place of one that kept much of what its last file
 * took, which would start the next file close to its limit.
 */
function readerFor(memoryMb: number): Reader {
  if (reader?.memoryMb === memoryMb && residentMb(reader.child.pid) <= memoryMb * KEPT_SHARE) {
    clearTimeout(reader.idleTimer);
    return reader;
  }
  if (reader) stop(reader);
  const started: Reader = { child: startChild(memoryMb), memoryMb, overLimit: false, stderr: "" };
  const settle = (finish: (pending: Pending) => void) => {
    const { pending } = started;
    started.pending = undefined;
    if (pending) finish(pending);
  };
  started.child.stderr?.on("data", (chunk: Buffer) => {
    started.stderr = (started.stderr + chunk.toString("utf8")).slice(-4096);
  });
  started.child.on("message", (answer: ReadingAnswer) =>
    settle((pending) => ("read" in answer ? pending.resolve(answer.read) : pending.reject(failureOf(answer)))),
  );
  started.child.on("error", (error) => {
    stop(started);
    settle((pending) => pending.reject(new ReadingCrashed(error)));
  });
  // "close" rather than "exit": by then all it wrote to standard error has been read.
  started.child.on("close", (code, signal) => {
    if (reader === started) reader = undefined;
    const atLimit = started.overLimit || /out of memory/i.test(started.stderr);
    settle((pending) =>
      pending.reject(atLimit ? new ExtractionError("too_big_to_read") : new ReadingCrashed(`${signal ?? code}`)),
    );
  });
  reader = started;
  return started;
}

/** Whether the reading process keeps this one running: while it reads, and not while it waits for a file. */
function holdOpen(child: ChildProcess, hold: boolean) {
  for (const handle of [child, child.channel, child.stderr as unknown as Socket | null]) {
    if (hold) handle?.ref();
    else handle?.unref();
  }
}

function stop(stopping: Reader) {
  if (reader === stopping) reader = undefined;
  clearTimeout(stopping.idleTimer);
  stopping.child.kill("SIGKILL");
}

function failureOf(answer: Extract<ReadingAnswer, { failure: unknown }>): ExtractionError {
  return new ExtractionError(answer.failure, answer.error ? { cause: answer.error } : undefined);
}

function startChild(memoryMb: number): ChildProcess {
  // --expose-gc: the process collects its garbage after each file (extract-child.ts), to start the next one lean.
  const limits = [
    `--max-old-space-size=${Math.floor(memoryMb * HEAP_SHARE)}`,
    "--max-semi-space-size=4",
    "--expose-gc",
  ];
  // Under tsx (development, tests, benchmarks) the process loads the TypeScript entry through tsx, as this file was;
  // the production build emits the entry beside the server's own files (scripts/build-server.mjs).
  const typescript = import.meta.url.endsWith(".ts");
  const entry = new URL(typescript ? "./extract-child.ts" : "./extract-child.js", import.meta.url);
  return fork(fileURLToPath(entry), [], {
    execArgv: typescript ? ["--import", "tsx", ...limits] : limits,
    env: {},
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}

/** A process's resident memory in MB, from Linux's /proc; 0 where there is none (the heap limit still holds). */
function residentMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

import v8 from "node:v8";
import { type MemorySettling, settleMemoryWhenIdle } from "./memory-settling";

/**
 * V8 settings for the process that serves the app (server/index.ts, and the chat benchmark's server, which starts
 * the app as production does); tests and command-line tools keep V8's defaults. Applied before the database opens,
 * so before PGlite's WebAssembly is compiled. Why, and the measurements: docs/decisions/0020, docs/benchmarks.md. What can only
 * be set when the process starts (the C library's allocator, the young generation's largest size, how far the old
 * generation grows) is set by scripts/serve.sh, which `npm start` and the benchmarks start the server with.
 *
 * - One background compilation task for WebAssembly. PGlite's engine is tiered up from baseline to optimized code
 *   while it runs; with a task per core, each compiling thread leaves its own malloc arena of freed compiler memory
 *   that the C library keeps. The optimized code is the same, and a 2-core machine had no second
 *   core to spare for it anyway.
 * - The young generation stays at its first size instead of growing to 16 MB per semi-space: a server that is idle
 *   most of the time keeps less memory, and a chat turn's short-lived objects are collected as quickly.
 * - Once no request has been in flight for a second after the heap grew by 16 MB, one compacting collection gives the
 *   pages a burst of requests left behind back to the system, and the C library's free memory after it
 *   (server/memory-settling.ts). The caller asks for the first one once the server has started.
 */
export function tuneServedProcess(): MemorySettling {
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  return settleMemoryWhenIdle();
}

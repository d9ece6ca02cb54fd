// The embedded PostgreSQL engine on a thread of its own (server/db/engine-client.ts starts it): PGlite's WebAssembly
// runs statements here while the server's own thread answers requests. Each request is one whole statement (parse,
// bind, execute, sync) run synchronously, answered with PostgreSQL's protocol bytes, which the client reads.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { compactingCollection } from "../memory-settling";
import type { EngineOptions, EngineReply, EngineRequest } from "./engine-protocol";
import { engineStatements } from "./engine-statements";
import { PGLITE_START_PARAMS, PGLITE_TYPES } from "./pglite-settings";

const options = workerData as EngineOptions;
const port = parentPort;
if (!port) throw new Error("engine-thread.ts runs as a worker thread");

const engine = await PGlite.create(options.pgData, {
  extensions: options.withoutPgvector ? {} : { vector },
  startParams: PGLITE_START_PARAMS,
  ...PGLITE_TYPES,
});
const compact = compactingCollection();
const statements = engineStatements(engine);

port.on("message", async (request: EngineRequest) => {
  if (request.kind === "close") {
    await engine.close();
    port.postMessage({ id: request.id, bytes: new Uint8Array(0) } satisfies EngineReply);
    port.close();
    return;
  }
  if (request.kind === "compact") {
    compact();
    port.postMessage({ id: request.id, bytes: new Uint8Array(0) } satisfies EngineReply);
    return;
  }
  let reply: EngineReply;
  try {
    const bytes =
      request.kind === "exec"
        ? statements.exec(request.text)
        : statements.query(request.text, request.params, request.prepared);
    reply = { id: request.id, bytes };
  } catch (error) {
    reply = { id: request.id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, "bytes" in reply ? [reply.bytes.buffer as ArrayBuffer] : []);
});
port.postMessage({ id: 0, bytes: new Uint8Array(0) } satisfies EngineReply);

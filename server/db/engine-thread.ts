// The embedded PostgreSQL engine on a thread of its own (server/db/engine-client.ts starts it): PGlite's WebAssembly
// runs statements here while the server's own thread answers requests. Each request is one whole statement (parse,
// bind, execute, sync) run synchronously, answered with PostgreSQL's protocol bytes, which the client reads.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { compactingCollection } from "../memory-settling";
import { type EngineOptions, type EngineReply, type EngineRequest, PREPARED_LIMIT } from "./engine-protocol";
import { PGLITE_START_PARAMS, PGLITE_TYPES } from "./pglite-settings";

const { serialize } = protocol;
const options = workerData as EngineOptions;
const port = parentPort;
if (!port) throw new Error("engine-thread.ts runs as a worker thread");

const engine = await PGlite.create(options.pgData, {
  extensions: options.withoutPgvector ? {} : { vector },
  startParams: PGLITE_START_PARAMS,
  ...PGLITE_TYPES,
});
const compact = compactingCollection();
const prepared = new Map<string, { name: string; parameterTypes: number[] }>();
let counter = 0;

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
    const bytes = request.kind === "exec" ? exec(request.text) : query(request.text, request.params, request.prepared);
    reply = { id: request.id, bytes };
  } catch (error) {
    reply = { id: request.id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, "bytes" in reply ? [reply.bytes.buffer as ArrayBuffer] : []);
});
port.postMessage({ id: 0, bytes: new Uint8Array(0) } satisfies EngineReply);

function exec(text: string): Uint8Array {
  return runOnEngine(joined([serialize.query(text), serialize.sync()]));
}

/**
 * One statement through the extended protocol, as PGlite's `query` runs it, in two calls into the engine: its
 * parameter types first (values are written for their column's type), then bind, execute and sync together. A
 * `prepared` statement is parsed once under a name, and its parameter types are remembered.
 */
function query(text: string, params: readonly unknown[], named: boolean): Uint8Array {
  let statement = named ? prepared.get(text) : undefined;
  if (!statement) {
    const name = named ? `directors_prepared_${++counter}` : "";
    const described = runOnEngine(joined([serialize.parse({ name, text }), serialize.describe({ type: "S", name })]));
    const messages = messagesOf(described);
    if (messages.some((message) => message.name === "error")) {
      return joined([described, runOnEngine(serialize.sync())]);
    }
    statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    if (named) remember(text, statement);
  } else {
    prepared.delete(text);
    prepared.set(text, statement);
  }
  const { name, parameterTypes } = statement;
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = engine.serializers[parameterTypes[index] ?? 0];
    return serializer ? serializer(value) : String(value);
  });
  return runOnEngine(
    joined([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
}

function remember(text: string, statement: { name: string; parameterTypes: number[] }) {
  prepared.set(text, statement);
  if (prepared.size <= PREPARED_LIMIT) return;
  const [oldestText, oldest] = prepared.entries().next().value as [string, { name: string }];
  prepared.delete(oldestText);
  runOnEngine(joined([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]));
}

/**
 * The engine's reply to `message`, as it sends it. Not through execProtocolRawSync: that also parses the reply into a
 * list PGlite keeps until its next execProtocol, which this thread never calls, so every reply stayed in memory. The
 * stream's call runs to its end before it returns, as nothing in it waits when the file system is not synced.
 */
function runOnEngine(message: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  void engine.execProtocolRawStream(message, { syncToFs: false, onRawData: (part) => parts.push(part.slice()) });
  return joined(parts);
}

function messagesOf(bytes: Uint8Array) {
  const messages: Parameters<typeof parse.parseDescribeStatementResults>[0] = [];
  new protocol.Parser().parse(bytes, (message) => messages.push(message));
  return messages;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import { PREPARED_LIMIT } from "./engine-protocol";

const { serialize } = protocol;

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type Statement = { name: string; parameterTypes: number[] };

/** Statements run on PGlite's engine, answered with PostgreSQL's protocol bytes (read them with `replyMessages`). */
export type EngineStatements = {
  /**
   * One statement through the extended protocol, as PGlite's `query` runs it, in two calls into the engine: its
   * parameter types first (values are written for their column's type), then bind, execute and sync together. A
   * `named` statement is parsed once under a name and its parameter types remembered (why: pglite-prepared.ts); at
   * most `limit` are kept, and the least recently used is closed.
   */
  query(text: string, params: readonly unknown[], named: boolean): Uint8Array;
  /** Statements in the simple protocol, as PGlite's `exec`. */
  exec(text: string): Uint8Array;
  /** How many statements are prepared under a name now. */
  readonly size: number;
};

/**
 * Statements on `engine`, run at once: the caller holds PGlite's locks where other callers share the engine. Used on
 * the server's thread (pglite-prepared.ts) and on the embedded database's own (engine-thread.ts).
 */
export function engineStatements(engine: PGlite, limit = PREPARED_LIMIT): EngineStatements {
  const prepared = new Map<string, Statement>();
  let counter = 0;

  function remember(text: string, statement: Statement) {
    prepared.set(text, statement);
    if (prepared.size <= limit) return;
    const [oldestText, oldest] = prepared.entries().next().value as [string, Statement];
    prepared.delete(oldestText);
    engine.execProtocolRawSync(joined([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]));
  }

  return {
    query(text, params, named) {
      let statement = named ? prepared.get(text) : undefined;
      if (!statement) {
        const name = named ? `directors_prepared_${++counter}` : "";
        const described = engine.execProtocolRawSync(
          joined([serialize.parse({ name, text }), serialize.describe({ type: "S", name })]),
        );
        const messages = messagesOf(described);
        if (messages.some((message) => message instanceof protocol.messages.DatabaseError)) {
          return joined([described, engine.execProtocolRawSync(serialize.sync())]);
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
      return engine.execProtocolRawSync(
        joined([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
    },
    exec(text) {
      return engine.execProtocolRawSync(joined([serialize.query(text), serialize.sync()]));
    },
    get size() {
      return prepared.size;
    },
  };
}

/** A reply's messages; PostgreSQL's error is thrown, with the statement and its values as PGlite's `query` adds them. */
export function replyMessages(bytes: Uint8Array, text: string, params: readonly unknown[] | undefined) {
  const messages = messagesOf(bytes);
  const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
  if (error) throw Object.assign(error, { query: text, params });
  return messages;
}

function messagesOf(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
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

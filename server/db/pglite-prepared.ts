import { type PGlite, parse, protocol, types } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { EngineClient } from "./engine-client";

/**
 * Named prepared statements on PGlite. Its `query` parses every statement anew (an unnamed statement), and on
 * PGlite planning is much of a statement's time (docs/decisions/0020); a statement parsed once under a name is
 * planned by PostgreSQL's plan cache: a custom plan for its first five runs, then its generic plan when that is no
 * dearer. Only for statements whose best plan does not depend on the values bound.
 *
 * The statements are kept per text, at most `limit` (the least recently used is closed first), on this client
 * only: closing the client forgets them. A failing statement throws PostgreSQL's error (message, code) as `query` does.
 */
export type PreparedStatements = {
  /** Runs a drizzle statement as db.execute would, prepared. */
  execute<T>(query: SQL): Promise<{ rows: T[] }>;
  query<T>(text: string, params: readonly unknown[]): Promise<{ rows: T[] }>;
  /** How many statements are prepared now (tests). */
  readonly size: number;
};

type Prepared = { name: string; parameterTypes: number[] };

/** Dates and intervals as PostgreSQL writes them, as drizzle reads them from PGlite. */
const ROW_PARSERS = {
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INTERVAL]: (value: string) => value,
  [types.DATE]: (value: string) => value,
};

export function preparedStatements(client: PGlite, limit = 32): PreparedStatements {
  const prepared = new Map<string, Prepared>();
  let counter = 0;

  /** Sends one protocol message; a database error is thrown and the caller syncs. */
  const send = async (message: Uint8Array) => (await client.execProtocol(message, { syncToFs: false })).messages;

  async function run<T>(text: string, params: readonly unknown[]): Promise<{ rows: T[] }> {
    const messages: Awaited<ReturnType<typeof send>> = [];
    try {
      let statement = prepared.get(text);
      if (statement) {
        prepared.delete(text);
        prepared.set(text, statement);
      } else {
        const name = `directors_prepared_${++counter}`;
        messages.push(...(await send(protocol.serialize.parse({ name, text }))));
        const parameterTypes = parse.parseDescribeStatementResults(
          await send(protocol.serialize.describe({ type: "S", name })),
        );
        statement = { name, parameterTypes };
        prepared.set(text, statement);
        if (prepared.size > limit) {
          const [oldestText, oldest] = prepared.entries().next().value as [string, Prepared];
          prepared.delete(oldestText);
          await send(protocol.serialize.close({ type: "S", name: oldest.name }));
        }
      }
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[statement.parameterTypes[index] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await send(protocol.serialize.describe({ type: "P" }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    // As `query` does outside a transaction (a no-op on the node file system, needed on others).
    await client.syncToFs();
    const [result] = parse.parseResults(messages, { ...client.parsers, ...ROW_PARSERS }, { rowMode: "object" });
    return { rows: (result?.rows ?? []) as T[] };
  }

  // The same locks as `query`: never inside another caller's transaction, never between another's messages.
  return statementsThrough(
    (text, params) => client._runExclusiveTransaction(() => client.runExclusive(() => run(text, params))),
    () => prepared.size,
  );
}

/** The same on the embedded database's own thread (server/db/engine-client.ts), which keeps the statements there. */
export function enginePreparedStatements(client: EngineClient): PreparedStatements {
  return statementsThrough(
    (text, params) => client.queryPrepared(text, params, ROW_PARSERS),
    () => client.preparedCount,
  );
}

function statementsThrough(
  query: (text: string, params: readonly unknown[]) => Promise<{ rows: unknown[] }>,
  size: () => number,
): PreparedStatements {
  const dialect = new PgDialect();
  return {
    execute<T>(statement: SQL) {
      const { sql, params } = dialect.sqlToQuery(statement);
      return query(sql, params) as Promise<{ rows: T[] }>;
    },
    query: <T>(text: string, params: readonly unknown[]) => query(text, params) as Promise<{ rows: T[] }>,
    get size() {
      return size();
    },
  };
}

import { type PGlite, parse, types } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { EngineClient } from "./engine-client";
import { PREPARED_LIMIT } from "./engine-protocol";
import { engineStatements, replyMessages } from "./engine-statements";

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

/** Dates and intervals as PostgreSQL writes them, as drizzle reads them from PGlite. */
const ROW_PARSERS = {
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INTERVAL]: (value: string) => value,
  [types.DATE]: (value: string) => value,
};

export function preparedStatements(client: PGlite, limit = PREPARED_LIMIT): PreparedStatements {
  const statements = engineStatements(client, limit);
  // The same locks as `query`: never inside another caller's transaction, never between another's messages.
  const run = (text: string, params: readonly unknown[]) =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const messages = replyMessages(statements.query(text, params, true), text, params);
        // As `query` does outside a transaction (a no-op on the node file system, needed on others).
        await client.syncToFs();
        const [result] = parse.parseResults(messages, { ...client.parsers, ...ROW_PARSERS }, { rowMode: "object" });
        return { rows: result?.rows ?? [] };
      }),
    );
  return statementsThrough(run, () => statements.size);
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

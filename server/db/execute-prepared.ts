import type { SQL } from "drizzle-orm";
import type { DatabaseHandle } from "./client";
import { rowsOf } from "./rows-of";

/**
 * Runs a statement whose plan does not depend on the values bound (rows read or written by key) as a named prepared
 * statement on PGlite, where planning is much of a statement's time (docs/decisions/0020); through `db` on a
 * PostgreSQL server. Both answer with the rows as `db.execute` reads them.
 */
export async function executePrepared<T>(database: Pick<DatabaseHandle, "db" | "prepared">, query: SQL): Promise<T[]> {
  const result = database.prepared ? await database.prepared.execute<T>(query) : await database.db.execute(query);
  return rowsOf<T>(result);
}

import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PreparedStatements } from "./pglite-prepared";
import type * as schema from "./schema";
import type { VectorStore } from "./vector-store";

/** The database as the code sees it, on either driver; server/db/open-database.ts opens one. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "node-postgres";
  /** Whether this database has pgvector (server/db/vector-store.ts). */
  vectors: VectorStore;
  /**
   * PGlite only: named prepared statements, for the chat's hot statements whose plan does not depend on the values
   * (server/db/pglite-prepared.ts). On a PostgreSQL server they run through `db` as before.
   */
  prepared?: PreparedStatements;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

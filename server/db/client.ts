import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PreparedStatements } from "./pglite-prepared";
import type * as schema from "./schema";

/** The database as the code sees it, on either driver; server/db/open-database.ts opens one. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Whether this database can search by vector (pgvector and the embedding tables: server/db/vector-store.ts, which
 * works with it).
 */
export type VectorStore = {
  /** Whether this database has pgvector and the embedding tables, i.e. vector search can work. */
  available: boolean;
  /** Owners with at least this many vectors of one size get an HNSW index of their own; HNSW_MIN_PIECES unless set. */
  hnswMinPieces?: number;
};

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

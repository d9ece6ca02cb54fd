import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "node-postgres";
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** Migrations sit next to this module in the source tree and next to the bundle in dist/. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions =
  | { kind: "pglite"; dataDir: string | undefined }
  | { kind: "postgres"; url: string; maxConnections?: number };

/** Opens the database, applies pending migrations and returns a handle. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.kind === "pglite" ? await openPglite(options.dataDir) : await openPostgres(options);
  return handle;
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const releaseLock = dataDir ? acquireDataDirLock(path.resolve(dataDir)) : () => {};
  try {
    const client = await PGlite.create(dataDir ? path.resolve(dataDir, "pg") : undefined, { extensions: { vector } });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      driver: "pglite",
      ping: () => ping(db as unknown as Database),
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(options: { url: string; maxConnections?: number }): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  const db = drizzleNodePg({ client: pool, schema });
  await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    driver: "node-postgres",
    ping: () => ping(db as unknown as Database),
    close: () => pool.end(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Makes sure the data folder exists and is writable, with a message that says what to do when it is not. */
export function prepareDataDir(dataDir: string): void {
  const absolute = path.resolve(dataDir);
  try {
    fs.mkdirSync(absolute, { recursive: true });
    fs.accessSync(absolute, fs.constants.W_OK);
  } catch {
    throw new Error(
      `The data folder ${absolute} cannot be written. Make it writable or set DATA_DIR to a folder this user can write.`,
    );
  }
}

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Logger } from "../logger";
import type { Database, DatabaseHandle } from "./client";
import { acquireDataDirLock } from "./data-dir-lock";
import { SNAPSHOT_FOLDER, seedFromSnapshot } from "./database-snapshot";
import { migrate } from "./migrate";
import { preparedStatements } from "./pglite-prepared";
import { openPostgres, type PostgresSettings } from "./postgres";
import * as schema from "./schema";
import { VECTOR_SESSION_SETTINGS } from "./vector-store";

/** Migrations sit next to this module in the source tree and next to the bundle in dist/. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions =
  | {
      kind: "pglite";
      dataDir: string | undefined;
      /** Open without pgvector: the embedded engine standing in for a server that lacks it (tests). */
      withoutPgvector?: boolean;
      /** The migrated database a new data folder starts from (server/db/database-snapshot.ts); the build's by default. */
      snapshotFolder?: string;
    }
  | ({ kind: "postgres" } & PostgresSettings);

/** Opens the database, applies pending migrations and returns a handle. */
export async function openDatabase(options: DatabaseOptions, log?: Logger): Promise<DatabaseHandle> {
  return options.kind === "pglite" ? openPglite(options, log) : openPostgres(options, MIGRATIONS_FOLDER, log);
}

/**
 * PGlite's start-up settings: its own, with 8 MB of shared buffers instead of PostgreSQL's 128 MB.
 * One process, one connection and an owner's worth of data need no more, and the WebAssembly heap
 * otherwise holds the whole 128 MB for as long as the server runs (docs/decisions/0020). Durability
 * is unchanged: every commit still waits for its WAL write.
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"];

/**
 * bytea values (knowledge files' originals) to and from PostgreSQL's hex form with Node's own codec: PGlite's turns
 * each byte into a string of its own, which for a large upload held the server's thread for seconds while every other
 * request waited.
 */
export const PGLITE_TYPES = {
  serializers: { [types.BYTEA]: (value: unknown) => `\\x${Buffer.from(value as Uint8Array).toString("hex")}` },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), "hex") },
};

async function openPglite(
  options: Extract<DatabaseOptions, { kind: "pglite" }>,
  log: Logger | undefined,
): Promise<DatabaseHandle> {
  const { dataDir, withoutPgvector = false } = options;
  const releaseLock = dataDir ? acquireDataDirLock(path.resolve(dataDir)) : () => {};
  try {
    const pgData = dataDir ? path.resolve(dataDir, "pg") : undefined;
    if (pgData && !withoutPgvector) {
      const seeded = seedFromSnapshot(pgData, options.snapshotFolder ?? SNAPSHOT_FOLDER, MIGRATIONS_FOLDER);
      if (seeded) log?.info("new database created from the build's migrated snapshot");
    }
    const client = await PGlite.create(pgData, {
      extensions: withoutPgvector ? {} : { vector },
      startParams: PGLITE_START_PARAMS,
      ...PGLITE_TYPES,
    });
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    const vectors = await migrate(db, MIGRATIONS_FOLDER);
    await client.exec(VECTOR_SESSION_SETTINGS);
    return {
      db,
      driver: "pglite",
      vectors,
      prepared: preparedStatements(client),
      ping: () => ping(db),
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

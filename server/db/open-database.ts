import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Logger } from "../logger";
import type { Database, DatabaseHandle } from "./client";
import { acquireDataDirLock } from "./data-dir-lock";
import { SNAPSHOT_FOLDER, seedFromSnapshot } from "./database-snapshot";
import { EngineClient } from "./engine-client";
import { migrate } from "./migrate";
import { enginePreparedStatements, preparedStatements } from "./pglite-prepared";
import { PGLITE_START_PARAMS, PGLITE_TYPES } from "./pglite-settings";
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
      /**
       * Run the engine on a thread of its own (server/db/engine-client.ts, EMBEDDED_DATABASE_THREAD, on by default for
       * the server): more chat turns a second on one server and a quicker first token, for about 12 MiB more memory.
       * In this thread otherwise (tests' databases, command-line tools).
       */
      thread?: boolean;
    }
  | ({ kind: "postgres" } & PostgresSettings);

/** Opens the database, applies pending migrations and returns a handle. */
export async function openDatabase(options: DatabaseOptions, log?: Logger): Promise<DatabaseHandle> {
  return options.kind === "pglite" ? openPglite(options, log) : openPostgres(options, MIGRATIONS_FOLDER, log);
}

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
    const client = options.thread
      ? await EngineClient.open({ pgData, withoutPgvector })
      : await PGlite.create(pgData, {
          extensions: withoutPgvector ? {} : { vector },
          startParams: PGLITE_START_PARAMS,
          ...PGLITE_TYPES,
        });
    const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Database;
    const vectors = await migrate(db, MIGRATIONS_FOLDER);
    await client.exec(VECTOR_SESSION_SETTINGS);
    return {
      db,
      driver: "pglite",
      vectors,
      prepared: client instanceof EngineClient ? enginePreparedStatements(client) : preparedStatements(client),
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

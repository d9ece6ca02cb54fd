import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { prepareJobStore } from "../jobs/job-runner";
import { JOB_TYPES } from "../jobs/job-types";
import { type Database, MIGRATIONS_FOLDER, PGLITE_START_PARAMS } from "./client";
import { writeSnapshotManifest } from "./database-snapshot";
import { migrate } from "./migrate";
import * as schema from "./schema";

/**
 * Makes the migrated database new data folders start from (server/db/database-snapshot.ts): a
 * fresh PGlite data folder with every migration, pgvector's tables and the job queue's tables and queues, closed
 * cleanly, and a manifest of the migrations it holds. `npm run build` makes one beside the bundle.
 */
export async function makeDatabaseSnapshot(folder: string, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(path.join(folder, "pg"), {
    extensions: { vector },
    startParams: PGLITE_START_PARAMS,
  });
  try {
    const db = drizzle({ client, schema }) as unknown as Database;
    const vectors = await migrate(db, migrationsFolder);
    await prepareJobStore(
      { db, driver: "pglite", vectors, ping: async () => true, close: () => client.close() },
      JOB_TYPES,
    );
    await client.exec("checkpoint");
  } finally {
    await client.close();
  }
  writeSnapshotManifest(folder, migrationsFolder);
}

import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { prepareJobStore } from "../jobs/job-runner";
import { JOB_TYPES } from "../jobs/job-types";
import type { Database } from "./client";
import { writeSnapshotManifest } from "./database-snapshot";
import { migrate } from "./migrate";
import { MIGRATIONS_FOLDER } from "./open-database";
import { PGLITE_START_PARAMS } from "./pglite-settings";
import * as schema from "./schema";

/**
 * Makes the migrated database new data folders start from (server/db/database-snapshot.ts): a
 * fresh PGlite data folder with every migration, pgvector's tables and the job queue's tables and queues, closed
 * cleanly, and a manifest of the migrations it holds. `npm run build` makes one beside the bundle.
 *
 * A new data folder is a copy of this one, and on a common Linux disk creating a file costs about as much as copying
 * a megabyte, so the folder is kept to the files a database needs (docs/decisions/0020):
 * - Only the app's database. initdb also makes `template0` and `template1`, the templates of `CREATE DATABASE`;
 *   PGlite serves the one database it opens (`postgres`), the app never creates another, and the two are half of
 *   the folder's files.
 * - No free-space or visibility maps (`_fsm`, `_vm`). PostgreSQL treats a missing map as empty (no free space
 *   recorded, no page known all-visible) and makes it again when it next needs it; neither holds data.
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
    for (const template of ["template0", "template1"]) {
      await client.exec(`alter database ${template} is_template false`);
      await client.exec(`drop database ${template}`);
    }
    await client.exec("checkpoint");
  } finally {
    await client.close();
  }
  removeRelationMaps(path.join(folder, "pg"));
  writeSnapshotManifest(folder, migrationsFolder);
}

/** Deletes the free-space and visibility maps of every relation in a closed data folder. */
function removeRelationMaps(pgData: string): void {
  for (const entry of fs.readdirSync(pgData, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /^\d+_(fsm|vm)$/.test(entry.name)) fs.rmSync(path.join(entry.parentPath, entry.name));
  }
}

import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { type Database, type DatabaseHandle, openDatabase, PGLITE_START_PARAMS } from "../db/client";
import { preparedStatements } from "../db/pglite-prepared";
import * as schema from "../db/schema";
import { prepareJobStore } from "../jobs/job-runner";
import { JOB_TYPES } from "../jobs/job-types";

/**
 * A fresh, migrated in-memory database for each test. Migrating takes seconds,
 * so the test run migrates once (server/test/template-setup.ts) and every test
 * starts from a copy of that; outside a test run (benchmarks) the first call
 * migrates.
 */
let template: Promise<Blob> | undefined;

async function providedTemplate(): Promise<string | undefined> {
  try {
    const { inject } = await import("vitest");
    return inject("migratedTemplate");
  } catch {
    return undefined;
  }
}

function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = await providedTemplate();
    if (file) return new Blob([fs.readFileSync(file)]);
    const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
    await prepareJobStore(handle, JOB_TYPES);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await handle.close();
    return dump;
  })();
  return template;
}

export async function createTestDatabase(): Promise<DatabaseHandle & { client: PGlite }> {
  const client = await PGlite.create({
    loadDataDir: await migratedTemplate(),
    extensions: { vector },
    // The server's own settings (16 MB of shared buffers), which also make each test's database quicker to open.
    startParams: PGLITE_START_PARAMS,
  });
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    client,
    driver: "pglite",
    // The template was migrated with pgvector, so its copies have the embedding tables.
    vectors: { available: true },
    prepared: preparedStatements(client),
    async ping() {
      await client.query("select 1");
      return true;
    },
    close: () => client.close(),
  };
}

/**
 * A data folder holding a copy of the migrated template, for tests of the
 * embedded database on disk (as DATA_DIR): creating a cluster on disk from
 * scratch takes several seconds. The folder is then opened like any other.
 */
export async function createTestDataDir(dataDir: string): Promise<void> {
  const client = await PGlite.create(path.join(dataDir, "pg"), {
    loadDataDir: await migratedTemplate(),
    extensions: { vector },
  });
  await client.close();
}

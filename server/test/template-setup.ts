import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/open-database";
import { prepareJobStore } from "../jobs/job-runner";
import { JOB_TYPES } from "../jobs/job-types";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a freshly migrated database, made once per run; every test database starts as a copy of it. */
    migratedTemplate: string;
  }
}

/**
 * Migrating from scratch takes seconds; done once for the whole run instead of
 * once in every test file's worker.
 */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  await prepareJobStore(handle, JOB_TYPES);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "directors-template-"));
  const file = path.join(folder, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("migratedTemplate", file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

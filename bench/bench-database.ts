// A database of its own for a benchmark run. Without DATABASE_URL: the embedded PostgreSQL (PGlite) in a temporary
// data folder, as production runs by default. With DATABASE_URL: a new database created next to the one it names on
// that PostgreSQL server (the role needs CREATEDB), dropped afterwards, so benchmarks never touch real data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseHandle } from "../server/db/client";
import { connectionConfig } from "../server/db/connection-config";
import { openDatabase } from "../server/db/open-database";
import { loadEnv } from "../server/env";
import { createLogger } from "../server/logger";

export type BenchDatabase = {
  /** For a server process: DATABASE_URL, or DATA_DIR for the embedded one. */
  env: Record<string, string>;
  label: string;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
};

export async function createBenchDatabase(name: string): Promise<BenchDatabase> {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    return embeddedBench(fs.mkdtempSync(path.join(os.tmpdir(), `directors-${name}-`)), "embedded PGlite");
  }
  const database = `directors_bench_${name}_${process.pid}`;
  await admin(env.DATABASE_URL, `create database ${database}`);
  return serverBench(env, database, "");
}

/**
 * A database kept between runs, for data too large to build every time: the folder `directors-bench-<name>` under the
 * temporary folder for the embedded engine, or the database `directors_bench_<name>` on the server. `rebuild` empties
 * it first; `remove` deletes it.
 */
export async function openKeptBenchDatabase(name: string, options: { rebuild?: boolean } = {}): Promise<BenchDatabase> {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    const dataDir = path.join(os.tmpdir(), `directors-bench-${name}`);
    if (options.rebuild) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    return embeddedBench(dataDir, `embedded PGlite (kept in ${dataDir})`);
  }
  const database = `directors_bench_${name}`;
  if (options.rebuild) await admin(env.DATABASE_URL, `drop database if exists ${database} with (force)`);
  const exists = await adminQuery(env.DATABASE_URL, "select 1 from pg_database where datname = $1", [database]);
  if (exists.length === 0) await admin(env.DATABASE_URL, `create database ${database}`);
  return serverBench(env, database, ` (kept in ${database})`);
}

function embeddedBench(dataDir: string, label: string): BenchDatabase {
  return {
    env: { DATA_DIR: dataDir },
    label,
    open: () => openDatabase({ kind: "pglite", dataDir }),
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `database` on the server DATABASE_URL names, which exists by now. */
function serverBench(env: ReturnType<typeof loadEnv>, database: string, labelSuffix: string): BenchDatabase {
  const adminUrl = env.DATABASE_URL as string;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    label: `PostgreSQL at ${url.hostname}:${url.port || 5432}${labelSuffix}`,
    open: () =>
      openDatabase(
        {
          kind: "postgres",
          url: url.toString(),
          poolMax: env.DATABASE_POOL_MAX,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          // Bulk loading takes longer than any request may.
          statementTimeoutMs: 0,
        },
        createLogger("warn"),
      ),
    remove: () => admin(adminUrl, `drop database if exists ${database} with (force)`),
  };
}

async function adminQuery(url: string, statement: string, values: unknown[]): Promise<unknown[]> {
  const client = new pg.Client(connectionConfig(url).client);
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

async function admin(url: string, statement: string): Promise<void> {
  await adminQuery(url, statement, []);
}

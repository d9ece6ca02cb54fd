// A database of its own for a benchmark run. Without DATABASE_URL: the embedded PostgreSQL (PGlite) in a temporary
// data folder, as production runs by default. With DATABASE_URL: a new database created next to the one it names on
// that PostgreSQL server (the role needs CREATEDB), dropped afterwards, so benchmarks never touch real data.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { connectionConfig } from "../server/db/connection-config";
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
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `directors-${name}-`));
    return {
      env: { DATA_DIR: dataDir },
      label: "embedded PGlite",
      open: () => openDatabase({ kind: "pglite", dataDir }),
      async remove() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = `directors_bench_${name}_${process.pid}`;
  await admin(env.DATABASE_URL, `create database ${database}`);
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    label: `PostgreSQL at ${url.hostname}:${url.port || 5432}`,
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
    remove: () => admin(env.DATABASE_URL as string, `drop database if exists ${database} with (force)`),
  };
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
    return {
      env: { DATA_DIR: dataDir },
      label: `embedded PGlite (kept in ${dataDir})`,
      open: () => openDatabase({ kind: "pglite", dataDir }),
      async remove() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = `directors_bench_${name}`;
  if (options.rebuild) await admin(env.DATABASE_URL, `drop database if exists ${database} with (force)`);
  const exists = await adminQuery(env.DATABASE_URL, "select 1 from pg_database where datname = $1", [database]);
  if (exists.length === 0) await admin(env.DATABASE_URL, `create database ${database}`);
  const url = new URL(env.DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    env: { DATABASE_URL: url.toString() },
    label: `PostgreSQL at ${url.hostname}:${url.port || 5432} (kept in ${database})`,
    open: () =>
      openDatabase(
        {
          kind: "postgres",
          url: url.toString(),
          poolMax: env.DATABASE_POOL_MAX,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: 0,
        },
        createLogger("warn"),
      ),
    remove: () => admin(env.DATABASE_URL as string, `drop database if exists ${database} with (force)`),
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

async function admin(url: string, statement: string) {
  const client = new pg.Client(connectionConfig(url).client);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { Database, DatabaseHandle } from "./client";
import { type ConnectionConfig, connectionConfig, isTlsUnsupported, withoutTls } from "./connection-config";
import { DatabaseTimeoutError } from "./database-error";
import { migrate } from "./migrate";
import * as schema from "./schema";
import { explainStartupError } from "./startup-error";
import { VECTOR_SESSION_SETTINGS } from "./vector-store";

export type PostgresSettings = {
  url: string;
  /** Connections per process (DATABASE_POOL_MAX). */
  poolMax: number;
  /** How long to wait for a connection, new or from the pool (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** How long one statement may run; 0 for no limit (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
};

/** The settings for a server database from the configuration. */
export function postgresSettings(env: Env & { DATABASE_URL: string }): PostgresSettings {
  return {
    url: env.DATABASE_URL,
    poolMax: env.DATABASE_POOL_MAX,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

/**
 * How much longer than the statement timeout the server gets to answer before
 * its connection is given up: a live server cancels the statement itself
 * (57014) and keeps the connection; a frozen one never answers.
 */
const FROZEN_GRACE_MS = 1000;

/** Thrown when the server database cannot be opened; its message is the one line printed at start-up. */
export class DatabaseStartError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "DatabaseStartError";
  }
}

/**
 * Connects to a PostgreSQL server, migrates it (one process at a time, see
 * migrate.ts) and returns a handle over a connection pool that survives the
 * database: a dropped, terminated or refused connection is logged and
 * replaced, never fatal; a query fails with a connection error (answered as
 * 503 server:database) while the server is away, and works again as soon as it
 * is back. A statement that runs past the statement timeout is cancelled by the
 * server; one the server never answers (a frozen host) gives up its connection.
 */
export async function openPostgres(
  settings: PostgresSettings,
  migrationsFolder: string,
  log: Logger | undefined,
): Promise<DatabaseHandle> {
  const { poolMax, connectTimeoutMs, statementTimeoutMs } = settings;
  let config: ConnectionConfig;
  try {
    config = connectionConfig(settings.url);
  } catch (error) {
    throw new DatabaseStartError(explainStartupError(error, undefined), { cause: error });
  }

  let vectors: DatabaseHandle["vectors"];
  try {
    // Migrations get a connection of their own, without the statement timeout: waiting for another process's
    // migration, or a long one, is expected.
    const migrator = await connectFirst(config, connectTimeoutMs);
    config = migrator.config;
    try {
      vectors = await migrate(drizzle({ client: migrator.client, schema }) as unknown as Database, migrationsFolder);
    } finally {
      await migrator.client.end().catch(() => {});
    }
  } catch (error) {
    throw new DatabaseStartError(explainStartupError(error, config.target), { cause: error });
  }

  const pool = new pg.Pool({
    ...config.client,
    max: poolMax,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    Client: TimedClient,
    readTimeoutMs: statementTimeoutMs > 0 ? statementTimeoutMs + FROZEN_GRACE_MS : 0,
    onConnect: (client: pg.ClientBase) => prepareSession(client, statementTimeoutMs),
  } as unknown as pg.PoolConfig);
  // An idle connection the server dropped (restart, failover, terminated backend, a proxy's idle timeout) is
  // reported here and removed from the pool; the next query opens a new one.
  pool.on("error", (error) => {
    log?.warn({ err: error }, "database connection lost; it will be replaced");
  });
  if (!vectors.available) {
    log?.warn(
      "This PostgreSQL server has no pgvector extension: vector search is off and directors find the owner's " +
        "context by full-text search. Install pgvector on the server and restart to turn vector search on.",
    );
  }

  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: "node-postgres",
    vectors,
    async ping() {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/** Connects once; with sslmode=prefer (or none) falls back to a plain connection when the server has no TLS. */
async function connectFirst(
  config: ConnectionConfig,
  connectTimeoutMs: number,
): Promise<{ client: pg.Client; config: ConnectionConfig }> {
  try {
    return { client: await connectClient(config, connectTimeoutMs), config };
  } catch (error) {
    if (!config.tlsOptional || !isTlsUnsupported(error)) throw error;
    const plain = withoutTls(config);
    return { client: await connectClient(plain, connectTimeoutMs), config: plain };
  }
}

async function connectClient(config: ConnectionConfig, connectTimeoutMs: number): Promise<pg.Client> {
  const client = new pg.Client({ ...config.client, connectionTimeoutMillis: connectTimeoutMs });
  // A failure while connected reaches the query that is running; without a listener it would end the process.
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * Session-level settings, so they hold for every statement on this connection; the same values on every connection
 * keep them harmless behind a pooler in transaction mode.
 */
async function prepareSession(client: pg.ClientBase, timeoutMs: number) {
  if (timeoutMs > 0) await client.query(`set statement_timeout = ${Math.floor(timeoutMs)}`);
  await client.query(VECTOR_SESSION_SETTINGS);
}

type QueryCallback = (error: Error | null, result?: unknown) => void;

/**
 * node-postgres's client with a read timeout that gives up the connection:
 * node-postgres's own query_timeout fails the query but leaves it running on
 * the connection, so every later query on it would queue behind a statement a
 * frozen server never finishes. Destroying the socket fails every query on it
 * at once and the pool replaces the connection.
 */
class TimedClient extends pg.Client {
  private readonly readTimeoutMs: number;

  constructor(config: pg.ClientConfig & { readTimeoutMs?: number }) {
    super(config);
    this.readTimeoutMs = config.readTimeoutMs ?? 0;
    // Errors reach the running query; an error between queries marks the client unusable and the pool drops it.
    this.on("error", () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query has many overloads; this wraps them all.
  override query(...args: any[]): any {
    if (!this.readTimeoutMs) return (super.query as (...a: unknown[]) => unknown)(...args);
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer = setTimeout(() => this.giveUp(), this.readTimeoutMs);
    };
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as QueryCallback;
      args[last] = (error: Error | null, result?: unknown) => {
        clearTimeout(timer);
        callback(error, result);
      };
      arm();
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      arm();
      result.then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      );
    }
    return result;
  }

  private giveUp() {
    const { connection } = this as unknown as { connection: { stream: { destroy(error: Error): void } } };
    connection.stream.destroy(new DatabaseTimeoutError(this.readTimeoutMs));
  }
}

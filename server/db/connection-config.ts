import type pg from "pg";
import { parse } from "pg-connection-string";

/** Where a DATABASE_URL points, for messages; never the password. */
export type ConnectionTarget = { host: string; port: number; database: string; user: string };

export type ConnectionConfig = {
  /** node-postgres settings, TLS included. */
  client: pg.ClientConfig;
  target: ConnectionTarget;
  /**
   * libpq's "prefer" (also the default when the URL names no sslmode): try TLS
   * without verifying the certificate, and fall back to a plain connection when
   * the server does not offer TLS. node-postgres cannot fall back by itself, so
   * the first connection decides (see withoutTls).
   */
  tlsOptional: boolean;
};

/**
 * Reads a PostgreSQL URL the way libpq (psql) does, so the URLs providers hand
 * out work as they are: `sslmode=require` encrypts without checking the
 * certificate, `verify-ca` checks it against `sslrootcert`, `verify-full` also
 * checks the host name (against `sslrootcert`, or the system's CAs without
 * one), `disable` turns TLS off, and no sslmode at all means `prefer`.
 * Throws when `sslrootcert` names a file that cannot be read.
 */
export function connectionConfig(url: string): ConnectionConfig {
  const params = new URL(url).searchParams;
  const sslMode = params.get("sslmode") ?? "prefer";
  // A URL may already ask for libpq semantics itself; node-postgres refuses to be asked twice.
  const parsed = parse(url, { useLibpqCompat: !params.has("uselibpqcompat") });
  const { uselibpqcompat: _compat, sslmode: _mode, sslrootcert: _root, ...rest } = parsed;

  let ssl: pg.ClientConfig["ssl"];
  if (sslMode === "disable" || sslMode === "allow") {
    ssl = false;
  } else if (sslMode === "prefer" && !parsed.ssl) {
    ssl = { rejectUnauthorized: false };
  } else {
    ssl = parsed.ssl as pg.ClientConfig["ssl"];
  }
  const target: ConnectionTarget = {
    host: parsed.host || "localhost",
    port: Number(parsed.port) || 5432,
    database: parsed.database || parsed.user || "postgres",
    user: parsed.user || "postgres",
  };
  return {
    client: { ...(rest as pg.ClientConfig), ssl },
    target,
    tlsOptional: sslMode === "prefer",
  };
}

/** The same settings over a plain connection, for a "prefer" server that has no TLS. */
export function withoutTls(config: ConnectionConfig): ConnectionConfig {
  return { ...config, client: { ...config.client, ssl: false }, tlsOptional: false };
}

/** node-postgres's answer when TLS was asked of a server that does not offer it. */
export function isTlsUnsupported(error: unknown): boolean {
  return error instanceof Error && error.message.includes("The server does not support SSL connections");
}

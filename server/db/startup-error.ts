import type { ConnectionTarget } from "./connection-config";
import { errorChain } from "./database-error";

type Link = { code?: string; message?: string; path?: string; errno?: number };

/**
 * One plain sentence for why the server database could not be opened at
 * start-up, naming the real cause and what to do about it. Drizzle reports
 * every failure as "Failed query: CREATE SCHEMA …"; the cause is deeper in the
 * chain, and is the one described here. Never includes the password.
 */
export function explainStartupError(error: unknown, target: ConnectionTarget | undefined): string {
  const chain = errorChain(error) as Link[];
  const find = (test: (link: Link) => boolean) => chain.find((link) => typeof link === "object" && test(link));
  const has = (code: string) => find((link) => link.code === code);
  const matches = (pattern: RegExp) => find((link) => typeof link.message === "string" && pattern.test(link.message));
  const where = target ? `PostgreSQL at ${target.host}:${target.port}` : "PostgreSQL";
  const role = target ? `"${target.user}"` : "in DATABASE_URL";
  const database = target ? `"${target.database}"` : "named in DATABASE_URL";

  const unreadable = find((link) => (link.code === "ENOENT" || link.code === "EACCES") && Boolean(link.path));
  if (unreadable) {
    return `The certificate file ${unreadable.path} named in DATABASE_URL cannot be read (${unreadable.code}). Check the sslrootcert path.`;
  }
  if (matches(/sslmode=verify-ca requires specifying a CA/)) {
    return "DATABASE_URL asks for sslmode=verify-ca without a CA file. Add sslrootcert=<path to your provider's CA certificate>, or use sslmode=verify-full.";
  }
  if (has("ECONNREFUSED")) {
    return `${where} refused the connection. Check that the server is running and that DATABASE_URL names the right host and port.`;
  }
  if (has("ENOTFOUND") || has("EAI_AGAIN")) {
    return `The database host ${target ? `"${target.host}"` : "in DATABASE_URL"} could not be found. Check the host name in DATABASE_URL.`;
  }
  if (has("EHOSTUNREACH") || has("ENETUNREACH") || matches(/timeout expired|connection timeout|ETIMEDOUT/)) {
    return `${where} did not answer in time. Check the host, port and firewall, or raise DATABASE_CONNECT_TIMEOUT_MS.`;
  }
  if (has("28P01")) {
    return `${where} refused the password for role ${role}. Check the user name and password in DATABASE_URL.`;
  }
  if (has("28000")) {
    const noTls = matches(/no encryption/);
    return noTls
      ? `${where} only accepts encrypted connections for role ${role}. Add sslmode=require to DATABASE_URL.`
      : `${where} does not accept connections from this host for role ${role} (pg_hba.conf). Ask the server's administrator to allow it.`;
  }
  if (has("3D000")) {
    return `The database ${database} does not exist on ${where}. Create it (CREATE DATABASE ${target?.database ?? "<name>"};) or fix the database name in DATABASE_URL.`;
  }
  if (matches(/extension "vector"/) && has("42501")) {
    return `The role ${role} may not create the pgvector extension. A superuser must run CREATE EXTENSION vector; in database ${database}, then start Directors again.`;
  }
  if (has("42501") && matches(/permission denied for schema/)) {
    return `The role ${role} may not create tables in schema public of database ${database}. A superuser must run GRANT CREATE ON SCHEMA public TO ${target ? `"${target.user}"` : "<role>"};`;
  }
  if (has("42501") && matches(/permission denied for database/)) {
    return `The role ${role} may not create schemas in database ${database}. A superuser must run GRANT CREATE ON DATABASE ${database} TO ${target ? `"${target.user}"` : "<role>"};`;
  }
  if (has("42501")) {
    return `The role ${role} lacks a privilege Directors needs in database ${database}: it must be able to create schemas and tables there (a superuser can GRANT CREATE ON DATABASE and ON SCHEMA public).`;
  }
  const certificate = matches(/certificate|altnames|CERT_/i);
  if (certificate) {
    return `The database's TLS certificate could not be verified (${certificate.message}). Add sslrootcert=<path to your provider's CA certificate> to DATABASE_URL, or use sslmode=require to encrypt without verifying.`;
  }
  if (matches(/does not support SSL connections/)) {
    return `${where} does not offer TLS, but DATABASE_URL requires it. Enable TLS on the server or set sslmode=disable.`;
  }
  if (has("53300")) {
    return `${where} has no free connection slots. Lower DATABASE_POOL_MAX, or raise the server's max_connections or the role's connection limit.`;
  }
  if (has("57P03")) {
    return `${where} is still starting up. Start Directors again in a moment.`;
  }
  const root = chain.at(-1) as Link | undefined;
  const reason = (typeof root?.message === "string" && root.message) || String(error);
  return `Could not open the database at ${target ? `${target.host}:${target.port}` : "DATABASE_URL"}: ${reason.split("\n")[0]}`;
}

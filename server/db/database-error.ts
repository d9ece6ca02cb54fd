import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * What the rest of the server needs to know about an error that came from the
 * database: whether the database is unreachable (the request gets a 503 and the
 * caller may try again), whether a write hit a user that no longer exists, and
 * a description that is safe to log.
 */

/** PostgreSQL's error fields, as node-postgres and PGlite both report them. */
type PgErrorFields = {
  code?: string;
  severity?: string;
  detail?: string;
  hint?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
};

/** Socket-level failures: the server is down, restarting, unreachable, or a proxy dropped the connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
]);

/**
 * SQLSTATEs that mean "not now" rather than "wrong": the connection failed
 * (class 08), the server is shutting down, crashed or starting (57P01–57P03),
 * a statement ran past its timeout or was cancelled (57014), no connection slot
 * is free (53300), the server is out of resources (53xxx).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || code.startsWith("53") || ["57P01", "57P02", "57P03", "57014"].includes(code);
}

/** node-postgres and pg-pool report a lost or refused connection by message only. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "is not queryable",
  "Query read timeout",
  "Cannot use a pool after calling end on the pool",
];

/** A query the database did not answer within DATABASE_STATEMENT_TIMEOUT_MS: its connection was given up. */
export class DatabaseTimeoutError extends Error {
  readonly code = "ETIMEDOUT";
  constructor(timeoutMs: number) {
    super(`The database did not answer within ${timeoutMs} ms`);
    this.name = "DatabaseTimeoutError";
  }
}

/** The error and its causes, outermost first (better-auth and Drizzle both wrap the driver's error). */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function fieldsOf(error: unknown): PgErrorFields & { message?: string } {
  return typeof error === "object" && error !== null ? (error as PgErrorFields & { message?: string }) : {};
}

/**
 * An error on the way to the AI provider (an AiError from our retry policy,
 * the AI SDK's call error, fetch's "fetch failed") can carry the same socket
 * codes as a lost database connection; it is the provider that is away then.
 */
function isProviderError(link: unknown): boolean {
  const { name, message } = fieldsOf(link) as { name?: string; message?: string };
  return name === "AiError" || (typeof name === "string" && name.startsWith("AI_")) || message === "fetch failed";
}

/** True when the database cannot be reached or cannot serve right now; the request should answer 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = errorChain(error);
  if (chain.some(isProviderError)) return false;
  return chain.some((link) => {
    const { code, message } = fieldsOf(link);
    if (
      typeof code === "string" &&
      (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))
    ) {
      return true;
    }
    return typeof message === "string" && UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
  });
}

/**
 * True when a write referenced a user row that is gone: the account was deleted
 * (perhaps by another process) while this request was on its way.
 */
export function isMissingUser(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const { code, detail } = fieldsOf(link);
    return code === "23503" && typeof detail === "string" && /is not present in table "user"/.test(detail);
  });
}

/** The longest query text kept in a log line. */
const MAX_QUERY_CHARS = 500;

/**
 * A copy of the error that is safe to log: Drizzle's "Failed query … params: …"
 * loses its parameters (they carry the owner's data), PostgreSQL errors lose
 * their detail and context lines (which quote row values), and every cause is
 * treated the same way. Other errors keep their message and stack.
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 10) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof DrizzleQueryError) {
    const query = error.query.length > MAX_QUERY_CHARS ? `${error.query.slice(0, MAX_QUERY_CHARS)}…` : error.query;
    return copyError(error, `Failed query: ${query}`, loggableError(cause, depth + 1));
  }
  const fields = fieldsOf(error);
  if (typeof fields.code === "string" && ("severity" in error || "routine" in error)) {
    const copy = copyError(error, error.message, loggableError(cause, depth + 1)) as Error & PgErrorFields;
    for (const key of ["code", "severity", "hint", "table", "column", "constraint", "routine"] as const) {
      if (fields[key] !== undefined) copy[key] = fields[key];
    }
    return copy;
  }
  if (cause === undefined) return error;
  return copyError(error, error.message, loggableError(cause, depth + 1), error.stack);
}

/** A plain Error with the same name, a new message, its stack's frames (not its old first line) and a cause. */
function copyError(error: Error, message: string, cause: unknown, stack?: string): Error {
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = error.name;
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  copy.stack = stack ?? [`${error.name}: ${message}`, ...frames].join("\n");
  const code = fieldsOf(error).code;
  if (typeof code === "string") (copy as Error & { code?: string }).code = code;
  return copy;
}

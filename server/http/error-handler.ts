import { APIError } from "better-auth/api";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { isDatabaseUnavailable, isMissingUser } from "../db/database-error";
import { AppError } from "./app-error";

/**
 * The one place that turns a thrown error into the JSON error shape. Internals
 * (database, provider, stack traces) are logged with the request id, never sent.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  const appError = toAppError(error);
  const log = c.get("log");
  if (appError.code === "server:database") {
    log?.warn({ err: error, code: appError.code }, "database unavailable");
  } else if (appError.status >= 500) {
    log?.error({ err: error, code: appError.code }, "request failed");
  } else {
    log?.info({ code: appError.code }, "request refused");
  }
  return c.json(appError.toBody(), appError.status as ContentfulStatusCode);
}

function toAppError(error: Error): AppError {
  if (error instanceof AppError) return error;
  // better-auth found no session: it ended (sign-out, "sign out everywhere", a password change) while this request,
  // which had passed the session check, was on its way.
  if (error instanceof APIError && error.statusCode === 401) return new AppError("unauthorized:session");
  if (error instanceof HTTPException) {
    if (error.status === 413) return new AppError("payload_too_large:api");
    if (error.status === 415) return new AppError("unsupported_media_type:api");
    if (error.status === 400) return new AppError("bad_request:api");
    if (error.status === 401) return new AppError("unauthorized:session");
    if (error.status === 404) return new AppError("not_found:api");
  }
  // The database is restarting, unreachable or out of connections: the client may try again shortly.
  if (isDatabaseUnavailable(error)) return new AppError("server:database", { cause: error });
  // A write for an account deleted meanwhile (perhaps through another server process): its session is over.
  if (isMissingUser(error)) return new AppError("unauthorized:session", { cause: error });
  return new AppError("server:internal", { cause: error });
}

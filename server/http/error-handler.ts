import { APIError } from "better-auth/api";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env";
import { AppError } from "./app-error";

/**
 * The one place that turns a thrown error into the JSON error shape. Internals
 * (database, provider, stack traces) are logged with the request id, never sent.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  const appError = toAppError(error);
  const log = c.get("log");
  if (appError.status >= 500) {
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
  return new AppError("server:internal", { cause: error });
}

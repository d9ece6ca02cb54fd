import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { AppError } from "./app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** An endpoint whose body is not JSON, e.g. `{ method: "POST", path: "/api/knowledge/uploads", type: "multipart/form-data" }`. */
export type OtherBody = { method: string; path: string; type: string };

/**
 * Every request that changes something sends a body of one declared type:
 * JSON (`{}` when there is nothing to say), unless the endpoint is listed in
 * `otherBodies` with the one type it takes instead (a file upload:
 * multipart/form-data). A plain HTML form can only send form-encoded,
 * multipart or text bodies, so it cannot reach a JSON endpoint at all, and a
 * request with no body is refused like any other non-JSON body: 415, or 400
 * when the JSON does not parse. The JSON is read here once; the handler's
 * `c.req.json()` gets the same parsed text.
 */
export function jsonBodies(otherBodies: readonly OtherBody[] = []) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const other = otherBodies.find((entry) => entry.method === c.req.method && pathMatches(entry.path, c.req.path));
    if (other) {
      if (type !== other.type)
        throw new AppError("unsupported_media_type:api", { message: `Send the request body as ${other.type}.` });
      return next();
    }
    if (type !== "application/json") throw new AppError("unsupported_media_type:api");
    await readJsonBody(c);
    await next();
  });
}

async function readJsonBody(c: Context<AppEnv>) {
  // A body over the size limit fails here with the limit's own error, which bodyLimit turns into a 413.
  const text = await c.req.text();
  if (text.trim() === "") throw new AppError("unsupported_media_type:api");
  try {
    await c.req.json();
  } catch {
    throw new AppError("bad_request:json");
  }
}

/** "/api/knowledge/:id/file" matches "/api/knowledge/42/file": one segment for each `:name`. */
function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  return (
    want.length === got.length && want.every((segment, index) => segment.startsWith(":") || segment === got[index])
  );
}

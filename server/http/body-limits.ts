import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./app-error";

/**
 * Routes that take multipart/form-data uploads instead of JSON. They are
 * exempt from the API's JSON body limit (BODY_LIMIT_BYTES) and set their own
 * on the route; checks that expect JSON bodies skip them too.
 */
export const MULTIPART_ROUTES: readonly string[] = ["/api/knowledge/files"];

export function isMultipartRoute(path: string): boolean {
  return MULTIPART_ROUTES.includes(path.replace(/\/+$/, ""));
}

/** The API's body limit for JSON requests; multipart routes carry their own. */
export function apiBodyLimit(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("payload_too_large:api");
    },
  });
  return (c, next) => (isMultipartRoute(c.req.path) ? next() : limit(c, next));
}

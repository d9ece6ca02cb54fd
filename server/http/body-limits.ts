import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./app-error";
import type { OtherBody } from "./json-bodies";

/**
 * The API's body limit (BODY_LIMIT_BYTES) for JSON requests. Uploads
 * (endpoints declared with a multipart/form-data body in app.ts) are exempt:
 * each sets its own limit on its route, sized for the files it takes.
 */
export function apiBodyLimit(maxSize: number, otherBodies: readonly OtherBody[] = []): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("payload_too_large:api");
    },
  });
  const uploads = otherBodies.filter((entry) => entry.type === "multipart/form-data");
  return (c, next) =>
    uploads.some((entry) => entry.method === c.req.method && entry.path === c.req.path.replace(/\/+$/, ""))
      ? next()
      : limit(c, next);
}

import { Hono } from "hono";
import type { ErrorCode } from "../../../shared/errors";
import type { AppEnv } from "../../app-env";
import { tokenParam } from "./id-param";

/**
 * GET /:token: what a read-only link shows (a conversation, a document) to anyone with the link, signed in or not;
 * never indexed and never cached. A token that cannot be one of ours is `notFound` before the database is asked.
 */
export function sharedLinkRoutes<T>(read: (token: string) => Promise<T>, notFound: ErrorCode) {
  return new Hono<AppEnv>().get("/:token", async (c) => {
    c.header("X-Robots-Tag", "noindex, nofollow");
    c.header("Cache-Control", "no-store");
    return c.json(await read(tokenParam(c.req.param("token"), notFound)));
  });
}

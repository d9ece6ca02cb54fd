import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The caller's address; X-Forwarded-For only counts behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests) have no socket.
    return "local";
  }
}

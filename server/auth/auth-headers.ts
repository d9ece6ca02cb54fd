import type { Context } from "hono";
import { clientIp } from "../http/client-ip";

/** How our endpoints talk to better-auth's server API over HTTP headers: the request's in, its cookies out. */

/** Where better-auth reads the client's address from (see createAuth). */
export const CLIENT_ADDRESS_HEADER = "x-directors-client-address";

/**
 * The request's headers as better-auth should see them: the client's address
 * in our own header, set from the connection (or X-Forwarded-For behind a
 * trusted proxy) and overwriting whatever the client sent under that name.
 */
export function authHeaders(c: Context, trustProxy: boolean): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientIp(c, trustProxy));
  return headers;
}

/** Passes the cookies better-auth set (a new session, an ended one, a sign-in waiting for its code) to our response. */
export function forwardCookies(from: Headers, to: Headers) {
  for (const cookie of from.getSetCookie()) to.append("set-cookie", cookie);
}

/**
 * Answers a change better-auth made to the owner's sessions: this device gets
 * the cookie it set, and the owner's cached sessions are checked again.
 */
export function answerSessionsChanged(
  c: Context,
  change: { headers: Headers; sessions: { forget(userId: string): void }; userId: string },
) {
  change.sessions.forget(change.userId);
  forwardCookies(change.headers, c.res.headers);
  return c.json({ ok: true });
}

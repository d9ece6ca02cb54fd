import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { AppError } from "./app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Forged requests: a request that changes anything must come from a page of
 * this app. Browsers send `Origin` with every such request; it must be the
 * app's own origin (APP_URL), or the address the request was sent to, which is
 * the same thing when the app is reached directly (http://192.168.1.5:3000
 * without APP_URL). A browser that sends no Origin is judged by
 * `Sec-Fetch-Site`, which must say same-origin. Anything else (another site,
 * another port of the same host, a sibling subdomain, a client that says
 * nothing) is refused with 403 `forbidden:origin`. SameSite=Lax cookies alone
 * would let same-site pages through. Hono's own csrf middleware only looks at
 * form-encoded bodies and leaves JSON to CORS; this checks every method that is
 * not GET, HEAD or OPTIONS, whatever the body
 * (docs/decisions/0010-forged-requests-and-json-bodies.md). `except` lists the exact paths, such as Stripe's webhook,
 * that servers rather than pages post to and that prove themselves otherwise.
 */
export function sameOrigin(appUrl: string, options: { except?: readonly string[] } = {}) {
  const appOrigin = new URL(appUrl).origin;
  const exempt = new Set(options.except ?? []);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // Exact paths only, each checked another way (Stripe's webhook: its signature).
    if (exempt.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    const allowed =
      origin !== undefined
        ? origin === appOrigin || origin === new URL(c.req.url).origin
        : c.req.header("sec-fetch-site") === "same-origin";
    if (!allowed) throw new AppError("forbidden:origin");
    await next();
  });
}

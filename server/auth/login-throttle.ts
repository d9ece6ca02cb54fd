import type { Context } from "hono";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { clientIp } from "../http/client-ip";
import { countOne, currentCount, resetCount, throttle } from "../http/rate-limit";

/** Failed logins are counted over this window, per email and address and per email. */
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed logins for one email, from anywhere, before every login to it starts to wait. */
export const FREE_FAILURES_PER_EMAIL = 5;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/**
 * How long a login to an email waits after this many recent failures for it:
 * nothing for the first few, then 0.5 s, 1 s, 2 s, 4 s, at most 8 s.
 */
export function failureDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES_PER_EMAIL) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES_PER_EMAIL - 1));
}

/** Every sign-in, sign-up and recovery attempt from one address shares this per-minute count. */
export function addressKey(c: Context, trustProxy: boolean): string {
  return `auth:ip:${clientIp(c, trustProxy)}`;
}

type ThrottleDeps = Pick<AppDeps, "db" | "env" | "now">;

/** AUTH_RATE_LIMIT_PER_MINUTE attempts a minute under `key`, then 429 `rate_limit:auth`. */
export function throttleAuth(deps: ThrottleDeps, key: string): Promise<void> {
  return throttle(deps.db, {
    keys: [key],
    limit: deps.env.AUTH_RATE_LIMIT_PER_MINUTE,
    code: "rate_limit:auth",
    now: deps.now(),
  });
}

/** The per-minute limit of the address a request comes from. */
export function throttleAddress(deps: ThrottleDeps, c: Context): Promise<void> {
  return throttleAuth(deps, addressKey(c, deps.env.TRUST_PROXY));
}

/**
 * Throttling that an attacker cannot turn against the owner
 * (docs/decisions/0011-login-throttling.md):
 * - attempts per address: AUTH_RATE_LIMIT_PER_MINUTE, then 429 `rate_limit:auth`;
 * - failed logins per email and address: the same number per 15 minutes, then
 *   429 `rate_limit:login` for that email from that address only;
 * - failed logins per email from anywhere never refuse: past a few, every
 *   login to that email waits a little longer (`failureDelayMs`), the owner's
 *   right password from another address included, which still gets in.
 */
export function loginThrottle(deps: Pick<AppDeps, "db" | "env" | "now">) {
  const { db, env } = deps;
  const window = () => ({ now: deps.now(), windowMs: FAILED_LOGIN_WINDOW_MS });
  const pairKey = (c: Context, email: string) => `login:failed:${email}:${clientIp(c, env.TRUST_PROXY)}`;
  const emailKey = (email: string) => `login:failed:${email}`;

  return {
    /** Before the password is checked: refuse or wait. */
    async before(c: Context, email: string): Promise<void> {
      await throttleAddress(deps, c);
      const [fromHere, fromAnywhere] = await Promise.all([
        currentCount(db, pairKey(c, email), window()),
        currentCount(db, emailKey(email), window()),
      ]);
      if (fromHere >= env.AUTH_RATE_LIMIT_PER_MINUTE) throw new AppError("rate_limit:login");
      const wait = failureDelayMs(fromAnywhere);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },
    async failed(c: Context, email: string): Promise<void> {
      await countOne(db, pairKey(c, email), window());
      await countOne(db, emailKey(email), window());
    },
    /** The right password from here: this address's failures for the email are forgiven. */
    async succeeded(c: Context, email: string): Promise<void> {
      await resetCount(db, pairKey(c, email));
    },
  };
}

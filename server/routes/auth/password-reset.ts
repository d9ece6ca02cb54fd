import { Hono } from "hono";
import { forgotPasswordSchema, resetPasswordSchema } from "../../../shared/auth-schemas";
import type { AppEnv } from "../../app-env";
import { authHeaders } from "../../auth/auth-headers";
import { throttleAddress } from "../../auth/login-throttle";
import { resetPassword } from "../../auth/reset-password";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { countOne } from "../../http/rate-limit";
import { readJson } from "../../http/read-json";
import { tokenParam } from "../chat/id-param";

/** Reset emails to one address per hour; past that, requests are answered the same way and nothing is sent. */
export const RESET_EMAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

/**
 * "Forgot password?": an email with a one-time link valid for an hour, then a
 * new password that follows the sign-up rules; every session of the account
 * ends. The answer to a request is the same whether or not the email has an
 * account, and the email goes out in the background so the time taken does
 * not tell either.
 */
export function passwordResetRoutes(deps: AppDeps) {
  const { auth, db, env, mail } = deps;

  return new Hono<AppEnv>()
    .post("/forgot-password", async (c) => {
      const { email } = await readJson(c, forgotPasswordSchema, "validation:reset");
      if (!mail.configured) throw new AppError("mail:not_configured");
      await throttleAddress(deps, c);
      const sentThisHour = await countOne(db, `reset:email:${email}`, { now: deps.now(), windowMs: HOUR_MS });
      if (sentThisHour <= RESET_EMAILS_PER_HOUR) {
        await auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(c, env.TRUST_PROXY) });
      }
      return c.json({ ok: true });
    })
    .post("/reset-password", async (c) => {
      const input = await readJson(c, resetPasswordSchema, "validation:reset");
      await throttleAddress(deps, c);
      // The token comes from the link: one that cannot be ours is an invalid link, never a database query.
      const token = tokenParam(input.token, "auth:reset_link_invalid");
      const userId = await resetPassword(deps, { ...input, token });
      c.get("log").info({ userId }, "password reset");
      return c.json({ ok: true });
    });
}

import { APIError } from "better-auth/api";
import { Hono } from "hono";
import { verifyEmailSchema } from "../../../shared/auth-schemas";
import type { AppEnv } from "../../app-env";
import { throttleAddress } from "../../auth/login-throttle";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { throttle } from "../../http/rate-limit";
import { readJson } from "../../http/read-json";

/** Confirmation emails one owner can ask for in 15 minutes. */
export const CONFIRMATION_EMAILS_PER_15_MINUTES = 3;

/**
 * Email confirmation (REQUIRE_EMAIL_VERIFICATION): a new account gets an
 * email with a link to /verify-email, which sends its token here. An owner who
 * has not confirmed can sign in and use the app; a banner asks them to confirm
 * and offers "Resend".
 */
export function emailConfirmationRoutes(deps: AppDeps) {
  const { auth, db, mail, sessions } = deps;
  return new Hono<AppEnv>()
    .post("/verify-email", async (c) => {
      const { token } = await readJson(c, verifyEmailSchema, "validation:request");
      await throttleAddress(deps, c);
      try {
        await auth.api.verifyEmail({ query: { token } });
      } catch (error) {
        if (error instanceof APIError) throw new AppError("auth:confirmation_link_invalid");
        throw error;
      }
      // The token is signed and was just checked: its user's cached sessions learn they are confirmed.
      const userId = userIdIn(token);
      if (userId) sessions.forget(userId);
      return c.json({ ok: true });
    })
    .post("/verification-email", requireUser(sessions), async (c) => {
      const user = c.get("user");
      if (user.emailVerified) return c.json({ ok: true });
      if (!mail.configured) throw new AppError("mail:not_configured");
      await throttle(db, {
        keys: [`confirm:user:${user.id}`],
        limit: CONFIRMATION_EMAILS_PER_15_MINUTES,
        code: "rate_limit:email",
        now: deps.now(),
        windowMs: 15 * 60_000,
      });
      await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: c.req.raw.headers });
      return c.json({ ok: true });
    });
}

function userIdIn(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.userId === "string" ? payload.userId : undefined;
  } catch {
    return undefined;
  }
}

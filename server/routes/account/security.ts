import { APIError } from "better-auth/api";
import { type Context, Hono } from "hono";
import { confirmTwoFactorSchema, confirmWithPasswordSchema, PASSWORD_WRONG } from "../../../shared/account-schemas";
import { requireOwnSession, securityOverview } from "../../account/security-sessions";
import type { AppEnv } from "../../app-env";
import { answerSessionsChanged, authHeaders, forwardCookies } from "../../auth/auth-headers";
import { throttleAuth } from "../../auth/login-throttle";
import { twoFactorError, WRONG_TOTP } from "../../auth/two-factor-login";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { tokenParam } from "../chat/id-param";

/**
 * Settings → Security, under /api/account/security (the account routes check
 * the session): two-factor sign-in with an authenticator app, and the devices
 * signed in to the account, each of which can be signed out.
 */
export function securityRoutes(deps: AppDeps) {
  const { auth, db, env, sessions } = deps;

  /** A stolen session must not be a way to guess the password. */
  const throttlePassword = (userId: string) => throttleAuth(deps, `account:password:${userId}`);

  /**
   * Turns two-factor sign-in on or off with the owner's proof: better-auth then replaces this device's session (a new
   * cookie). `refused` says what was wrong with the proof.
   */
  const changeTwoFactor = async (
    c: Context<AppEnv>,
    change: (headers: Headers) => Promise<{ headers: Headers }>,
    refused: (error: unknown) => unknown,
  ) => {
    const user = c.get("user");
    await throttlePassword(user.id);
    try {
      const { headers } = await change(authHeaders(c, env.TRUST_PROXY));
      return answerSessionsChanged(c, { headers, sessions, userId: user.id });
    } catch (error) {
      throw refused(error);
    }
  };

  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await securityOverview(deps, c.get("user").id, c.req.raw.headers)))
    .delete("/sessions/:id", async (c) => {
      const user = c.get("user");
      const row = await requireOwnSession(db, user.id, tokenParam(c.req.param("id"), "not_found:session"));
      const current = await auth.api.getSession({ headers: c.req.raw.headers });
      if (current?.session.id === row.id) {
        // Signing out this device: its cookie goes too.
        const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
        forwardCookies(headers, c.res.headers);
      } else {
        await auth.api.revokeSession({ body: { token: row.token }, headers: c.req.raw.headers });
      }
      sessions.forget(user.id);
      return c.json({ ok: true, current: current?.session.id === row.id });
    })
    .post("/two-factor", async (c) => {
      const { password } = await readJson(c, confirmWithPasswordSchema, "validation:account");
      await throttlePassword(c.get("user").id);
      try {
        const result = await auth.api.enableTwoFactor({ body: { password }, headers: c.req.raw.headers });
        if (!("totpURI" in result) || !result.totpURI) throw new Error("No authenticator address was returned.");
        const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
        // Shown once: the secret stays encrypted on the server and is never sent again.
        c.header("Cache-Control", "no-store");
        return c.json({ otpauthUrl: result.totpURI, secret, backupCodes: result.backupCodes ?? [] });
      } catch (error) {
        throw passwordError(error);
      }
    })
    .post("/two-factor/confirm", async (c) => {
      const { code } = await readJson(c, confirmTwoFactorSchema, "validation:two_factor");
      // The first right code turns it on.
      return changeTwoFactor(
        c,
        (headers) => auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
        (error) =>
          error instanceof APIError && error.body?.code === "TOTP_NOT_ENABLED"
            ? new AppError("bad_request:api", { message: "Start setting up two-factor sign-in first." })
            : twoFactorError(error, WRONG_TOTP),
      );
    })
    .post("/two-factor/disable", async (c) => {
      const { password } = await readJson(c, confirmWithPasswordSchema, "validation:account");
      return changeTwoFactor(
        c,
        (headers) => auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
        passwordError,
      );
    })
    .post("/two-factor/backup-codes", async (c) => {
      const { password } = await readJson(c, confirmWithPasswordSchema, "validation:account");
      await throttlePassword(c.get("user").id);
      try {
        const result = await auth.api.generateBackupCodes({ body: { password }, headers: c.req.raw.headers });
        c.header("Cache-Control", "no-store");
        return c.json({ backupCodes: result.backupCodes });
      } catch (error) {
        throw passwordError(error);
      }
    });
}

function passwordError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = String(error.body?.code ?? "");
  if (code === "INVALID_PASSWORD") return new AppError("validation:account", { fields: { password: PASSWORD_WRONG } });
  if (code === "TOTP_ALREADY_ENABLED") return new AppError("conflict:two_factor");
  if (code === "TWO_FACTOR_NOT_ENABLED") {
    return new AppError("bad_request:api", { message: "Two-factor sign-in is not on." });
  }
  return error;
}

import { APIError } from "better-auth/api";
import { Hono } from "hono";
import { loginSchema, signupSchema, twoFactorLoginSchema } from "../../../shared/auth-schemas";
import type { AppEnv } from "../../app-env";
import { authHeaders, forwardCookies } from "../../auth/auth-headers";
import { loginThrottle, throttleAddress } from "../../auth/login-throttle";
import { requireUser } from "../../auth/require-user";
import { verifyTwoFactorLogin } from "../../auth/two-factor-login";
import type { AppDeps } from "../../deps";
import { nextStepFor } from "../../flow/next-step";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { emailConfirmationRoutes } from "./email-confirmation";
import { passwordResetRoutes } from "./password-reset";

/**
 * Sign-up, login (with its two-factor step), sign-out, the current session,
 * password reset and email confirmation, over better-auth's server API.
 */
export function authRoutes(deps: AppDeps) {
  const { auth, db, env, sessions } = deps;
  const logins = loginThrottle(deps);

  return new Hono<AppEnv>()
    .post("/sign-up", async (c) => {
      const input = await readJson(c, signupSchema, "validation:signup");
      await throttleAddress(deps, c);
      try {
        const { headers, response } = await auth.api.signUpEmail({
          body: { name: input.name, email: input.email, password: input.password },
          headers: authHeaders(c, env.TRUST_PROXY),
          returnHeaders: true,
        });
        forwardCookies(headers, c.res.headers);
        return c.json({ user: publicUser(response.user), next: "/subscription" }, 201);
      } catch (error) {
        if (error instanceof APIError && String(error.body?.code ?? "").startsWith("USER_ALREADY_EXISTS")) {
          throw new AppError("conflict:email", {
            fields: { email: "An account with this email already exists." },
          });
        }
        throw error;
      }
    })
    .post("/login", async (c) => {
      const input = await readJson(c, loginSchema, "validation:login");
      await logins.before(c, input.email);
      const result = await auth.api
        .signInEmail({
          body: { email: input.email, password: input.password },
          headers: authHeaders(c, env.TRUST_PROXY),
          returnHeaders: true,
        })
        .catch(async (error: unknown) => {
          if (error instanceof APIError && error.statusCode === 401) {
            await logins.failed(c, input.email);
            throw new AppError("unauthorized:credentials");
          }
          throw error;
        });
      await logins.succeeded(c, input.email);
      forwardCookies(result.headers, c.res.headers);
      const response = result.response as typeof result.response | { twoFactorRedirect: true };
      // The password was right and the account asks for a code: a short-lived cookie holds the sign-in until then.
      if ("twoFactorRedirect" in response) return c.json({ twoFactor: true as const });
      return c.json({ user: publicUser(response.user), next: await nextStepFor(db, response.user.id) });
    })
    .post("/login/two-factor", async (c) => {
      // With a session, better-auth would take the code as one for that session's own two-factor set-up, not as
      // the second step of a sign-in.
      if (await sessions.user(c.req.raw.headers)) throw new AppError("auth:no_sign_in_waiting");
      const input = await readJson(c, twoFactorLoginSchema, "validation:two_factor");
      await throttleAddress(deps, c);
      const { user, headers } = await verifyTwoFactorLogin(deps, authHeaders(c, env.TRUST_PROXY), input);
      forwardCookies(headers, c.res.headers);
      return c.json({ user: publicUser(user), next: await nextStepFor(db, user.id) });
    })
    .post("/logout", requireUser(sessions), async (c) => {
      const headers = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      sessions.forget(c.get("user").id);
      forwardCookies(headers.headers, c.res.headers);
      return c.json({ ok: true });
    })
    .get("/session", async (c) => {
      const user = await sessions.user(c.req.raw.headers);
      if (!user) return c.json({ user: null, next: null });
      return c.json({ user: publicUser(user), next: await nextStepFor(db, user.id) });
    })
    .route("/", passwordResetRoutes(deps))
    .route("/", emailConfirmationRoutes(deps));
}

/** What the browser learns about the signed-in user. */
export function publicUser(user: { id: string; name: string; email: string; emailVerified: boolean }) {
  return { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified };
}

import { APIError } from "better-auth/api";
import { Hono } from "hono";
import { loginSchema, signupSchema } from "../../../shared/auth-schemas";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { clientIp } from "../../http/client-ip";
import { throttle } from "../../http/rate-limit";
import { readJson } from "../../http/read-json";
import { nextStepFor } from "../flow/next-step";

/** Sign-up, login, sign-out and the current session, over better-auth. */
export function authRoutes(deps: AppDeps) {
  const { auth, db, env, sessions } = deps;

  const throttleAttempt = (c: Parameters<typeof clientIp>[0], email: string) =>
    throttle(db, {
      keys: [`auth:ip:${clientIp(c, env.TRUST_PROXY)}`, `auth:email:${email}`],
      limit: env.AUTH_RATE_LIMIT_PER_MINUTE,
      code: "rate_limit:auth",
      now: deps.now(),
    });

  return new Hono<AppEnv>()
    .post("/sign-up", async (c) => {
      const input = await readJson(c, signupSchema, "validation:signup");
      await throttleAttempt(c, input.email);
      try {
        const { headers, response } = await auth.api.signUpEmail({
          body: { name: input.name, email: input.email, password: input.password },
          headers: c.req.raw.headers,
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
      await throttleAttempt(c, input.email);
      try {
        const { headers, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: c.req.raw.headers,
          returnHeaders: true,
        });
        forwardCookies(headers, c.res.headers);
        return c.json({ user: publicUser(response.user), next: await nextStepFor(db, response.user.id) });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 401) throw new AppError("unauthorized:credentials");
        throw error;
      }
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
    });
}

function publicUser(user: { id: string; name: string; email: string }) {
  return { id: user.id, name: user.name, email: user.email };
}

function forwardCookies(from: Headers, to: Headers) {
  for (const cookie of from.getSetCookie()) to.append("set-cookie", cookie);
}

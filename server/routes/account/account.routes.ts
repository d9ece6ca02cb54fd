import { APIError } from "better-auth/api";
import { Hono } from "hono";
import {
  CURRENT_PASSWORD_WRONG,
  changePasswordSchema,
  DELETE_EMAIL_MISMATCH,
  deleteAccountSchema,
  emailMatches,
  updateNameSchema,
} from "../../../shared/account-schemas";
import { exportAccount } from "../../account/account-export";
import { accountOverview } from "../../account/account-overview";
import { deleteAccount } from "../../account/delete-account";
import type { AppEnv } from "../../app-env";
import { answerSessionsChanged, authHeaders, forwardCookies } from "../../auth/auth-headers";
import { throttleAuth } from "../../auth/login-throttle";
import { requireUser } from "../../auth/require-user";
import { closeBilling } from "../../billing/close-billing";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { securityRoutes } from "./security";

/** The owner's account and data: overview, name, password, sessions, security, export and deletion. */
export function accountRoutes(deps: AppDeps) {
  const { auth, env, sessions } = deps;

  return new Hono<AppEnv>()
    .use(requireUser(sessions))
    .get("/", async (c) => c.json(await accountOverview(deps, c.get("user"))))
    .patch("/", async (c) => {
      const input = await readJson(c, updateNameSchema, "validation:account");
      const { headers } = await auth.api.updateUser({
        body: { name: input.name },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      forwardCookies(headers, c.res.headers);
      const user = c.get("user");
      sessions.forget(user.id);
      return c.json({ user: { id: user.id, name: input.name, email: user.email } });
    })
    .post("/password", async (c) => {
      const input = await readJson(c, changePasswordSchema, "validation:account");
      const user = c.get("user");
      // A stolen session must not be a way to guess the password.
      await throttleAuth(deps, `account:password:${user.id}`);
      try {
        const { headers } = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers: authHeaders(c, env.TRUST_PROXY),
          returnHeaders: true,
        });
        // Every session was revoked; this device gets a new one in the cookie.
        return answerSessionsChanged(c, { headers, sessions, userId: user.id });
      } catch (error) {
        if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
          throw new AppError("validation:account", { fields: { currentPassword: CURRENT_PASSWORD_WRONG } });
        }
        throw error;
      }
    })
    .post("/sign-out-everywhere", async (c) => {
      const { headers } = await auth.api.revokeSessions({ headers: c.req.raw.headers, returnHeaders: true });
      sessions.forget(c.get("user").id);
      forwardCookies(headers, c.res.headers);
      return c.json({ ok: true });
    })
    .get("/export", async (c) => {
      const data = await exportAccount(deps, c.get("user").id);
      const day = data.exportedAt.slice(0, 10);
      c.header("Content-Disposition", `attachment; filename="directors-data-${day}.json"`);
      c.header("Cache-Control", "no-store");
      return c.body(JSON.stringify(data, null, 2), 200, { "Content-Type": "application/json; charset=utf-8" });
    })
    .delete("/", async (c) => {
      const input = await readJson(c, deleteAccountSchema, "validation:account");
      const user = c.get("user");
      if (!emailMatches(input.email, user.email)) {
        throw new AppError("validation:account", { fields: { email: DELETE_EMAIL_MISMATCH } });
      }
      await closeBilling(deps, c.get("log"), user.id);
      await deleteAccount(deps, user);
      sessions.forget(user.id);
      // The session row is gone with the account; signing out now only expires the cookie.
      const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      forwardCookies(headers, c.res.headers);
      c.get("log").info({ userId: user.id }, "account deleted");
      return c.json({ ok: true });
    })
    .route("/security", securityRoutes(deps));
}

import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser } from "../app-env";
import { AppError } from "../http/app-error";
import type { Auth } from "./auth";

/** Loads the session from its cookie; 401 JSON without one. */
export function requireUser(auth: Auth) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await sessionUser(auth, c.req.raw.headers);
    if (!user) throw new AppError("unauthorized:session");
    c.set("user", user);
    await next();
  });
}

export async function sessionUser(auth: Auth, headers: Headers): Promise<SessionUser | undefined> {
  const session = await auth.api.getSession({ headers });
  if (!session) return undefined;
  const { id, name, email, createdAt } = session.user;
  return { id, name, email, createdAt };
}

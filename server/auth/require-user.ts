import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { AppError } from "../http/app-error";
import type { Sessions } from "./sessions";

/** Loads the session from its cookie; 401 JSON without one. */
export function requireUser(sessions: Sessions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await sessions.user(c.req.raw.headers);
    if (!user) throw new AppError("unauthorized:session");
    c.set("user", user);
    await next();
  });
}

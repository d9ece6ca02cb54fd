import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { directorList } from "../../directors/director-list";

/** GET /api/directors: every director with this user's state for it and how many key facts it knows (/select-department). */
export function directorRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => c.json(await directorList(deps, c.get("user").id)));
}

import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import type { AppDeps } from "../../deps";
import { APP_VERSION } from "../../version";

/** Reachability of the database and whether an AI provider is configured. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const database = await deps.database.ping();
    return c.json(
      {
        status: database ? "ok" : "degraded",
        version: APP_VERSION,
        database: { reachable: database, driver: deps.database.driver },
        ai: { configured: deps.ai.configured },
      },
      database ? 200 : 503,
    );
  });
}

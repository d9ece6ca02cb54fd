import { Hono } from "hono";
import { aiStatus } from "../../ai/ai-status";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";

/** GET /api/settings/ai: which models are configured, whether context and vector search are on. Never the key. */
export function aiStatusRoutes(deps: AppDeps) {
  const status = aiStatus(deps);
  return new Hono<AppEnv>().use(requireUser(deps.sessions)).get("/", (c) => c.json(status));
}

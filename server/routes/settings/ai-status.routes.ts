import { Hono } from "hono";
import type { AiStatus } from "../../../shared/settings";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";

/** GET /api/settings/ai: which models are configured and whether context is on. Never the key. */
export function aiStatusRoutes(deps: AppDeps) {
  const { env, ai } = deps;
  const status: AiStatus = {
    chat: { configured: Boolean(ai.chat), model: ai.chat ? ai.chatModelName : null },
    embedding: { configured: Boolean(ai.embedding), model: ai.embedding ? (ai.embeddingModelName ?? null) : null },
    context: { enabled: env.CONTEXT_ENABLED },
    endpoint: ai.configured ? publicEndpoint(env.AI_BASE_URL, env.AI_API_KEY) : null,
  };
  return new Hono<AppEnv>().use(requireUser(deps.sessions)).get("/", (c) => c.json(status));
}

/** The base URL without user:password, query or fragment; none at all if the key still shows in it. */
export function publicEndpoint(baseUrl: string, key: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  url.username = "";
  url.password = "";
  url.search = "";
  url.hash = "";
  const text = url.toString().replace(/\/$/, "");
  if (key && text.includes(key)) return null;
  return text;
}

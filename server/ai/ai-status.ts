import type { AiStatus } from "../../shared/settings";
import type { AppDeps } from "../deps";

/** Which models are configured, whether context and vector search are on, and the provider's host. Never the key. */
export function aiStatus(deps: Pick<AppDeps, "env" | "ai" | "database">): AiStatus {
  const { env, ai } = deps;
  const pgvector = deps.database.vectors.available;
  return {
    chat: { configured: Boolean(ai.chat), model: ai.chat ? ai.chatModelName : null },
    embedding: { configured: Boolean(ai.embedding), model: ai.embedding ? (ai.embeddingModelName ?? null) : null },
    context: { enabled: env.CONTEXT_ENABLED },
    vectorSearch: {
      on: pgvector && Boolean(ai.embedding),
      reason: !pgvector ? "no_pgvector" : ai.embedding ? null : "no_embedding_model",
    },
    host: ai.configured ? providerHost(env.AI_BASE_URL, env.AI_API_KEY) : null,
  };
}

/** The provider's host name (and port, when it is not the default): never a path, credentials or query. */
function providerHost(baseUrl: string, key: string | undefined): string | null {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    return null;
  }
  if (key && host.includes(key)) return null;
  return host;
}

import type { Env } from "../env";

/** The provider's two speech endpoints, beside its chat and embeddings under AI_BASE_URL. */
export type VoiceEndpoint = "transcription" | "speech";

const PATHS: Record<VoiceEndpoint, string> = {
  transcription: "audio/transcriptions",
  speech: "audio/speech",
};

/** Statuses with which a provider says it has no such endpoint at all (Ollama, most local servers). */
export const MISSING_ENDPOINT_STATUSES = new Set([404, 405, 501]);

export function voiceUrl(env: Pick<Env, "AI_BASE_URL">, endpoint: VoiceEndpoint): string {
  return `${env.AI_BASE_URL.replace(/\/+$/, "")}/${PATHS[endpoint]}`;
}

/** The key, when there is one, and the body's type when it is JSON (FormData sets its own). */
export function voiceHeaders(env: Pick<Env, "AI_API_KEY">, json: boolean): Record<string, string> {
  return {
    ...(env.AI_API_KEY ? { authorization: `Bearer ${env.AI_API_KEY}` } : {}),
    ...(json ? { "content-type": "application/json" } : {}),
  };
}

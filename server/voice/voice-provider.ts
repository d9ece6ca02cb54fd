import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { MISSING_ENDPOINT_STATUSES, type VoiceEndpoint, voiceHeaders, voiceUrl } from "./voice-endpoints";
import { rememberMissing } from "./voice-support";

type VoiceDeps = Pick<AppDeps, "env" | "ai" | "log">;

/**
 * One request to the provider's speech endpoints, answered within VOICE_TIMEOUT_S or failed with the chat's own
 * error ("Failed to generate a response. Please try again."): voice is a convenience, so it is not retried while the
 * owner waits. The timeout covers the wait for the answer's headers; a stream that has started goes on. A provider
 * without the endpoint is remembered as such, and the browser's own speech tools take over.
 */
export async function voiceRequest(
  deps: VoiceDeps,
  endpoint: VoiceEndpoint,
  init: { body: FormData | string; signal?: AbortSignal },
): Promise<Response> {
  const { env } = deps;
  if (!deps.ai.configured) throw new AppError("ai:not_configured");
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException("timed out", "TimeoutError")),
    env.VOICE_TIMEOUT_S * 1000,
  );
  const signal = init.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await fetch(voiceUrl(env, endpoint), {
      method: "POST",
      headers: voiceHeaders(env, typeof init.body === "string"),
      body: init.body,
      signal,
    });
  } catch (error) {
    if (timeout.signal.aborted) throw new AppError("ai:timeout", { cause: error });
    throw new AppError("ai:unavailable", { cause: new Error(`The AI service could not be reached (${endpoint}).`) });
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return response;
  const detail = await response.text().catch(() => "");
  if (MISSING_ENDPOINT_STATUSES.has(response.status) && !detail.includes("model_not_found")) {
    rememberMissing(env, endpoint);
    throw new AppError("voice:not_available");
  }
  // The provider's message may repeat what it was sent: only the status is kept.
  deps.log.warn({ endpoint, status: response.status }, "voice request failed");
  if (response.status === 429) throw new AppError("ai:rate_limit");
  throw new AppError("ai:unavailable");
}

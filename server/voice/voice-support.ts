import type { VoiceCapabilities } from "../../shared/voice";
import type { AppDeps } from "../deps";
import type { Env } from "../env";
import { MISSING_ENDPOINT_STATUSES, type VoiceEndpoint, voiceHeaders, voiceUrl } from "./voice-endpoints";

/** How long the one question "do you have this endpoint?" may take before the answer is taken as "perhaps". */
const PROBE_TIMEOUT_MS = 3000;

type Known = Partial<Record<VoiceEndpoint, Promise<boolean> | boolean>>;

/**
 * What each server process has found out about its provider's speech endpoints. Finding out again after a restart
 * costs one small request per endpoint, so this is kept in memory rather than in the database; keyed by the
 * configuration, so that each test app, with its own AI server, finds out for itself.
 */
const knownByEnv = new WeakMap<Env, Known>();

/**
 * Whether the provider transcribes and reads aloud. Asked once per endpoint: a request without a body, which a
 * provider with the endpoint refuses as incomplete (400, 415, 422) and one without it answers 404, 405 or 501. A
 * provider that cannot be reached is taken to have both, without remembering it, so the owner meets the chat's error
 * when trying rather than a button that silently vanished.
 */
export async function voiceCapabilities(deps: Pick<AppDeps, "env" | "ai">): Promise<VoiceCapabilities> {
  if (!deps.ai.configured) return { transcription: false, speech: false };
  const [transcription, speech] = await Promise.all([
    hasEndpoint(deps.env, "transcription"),
    hasEndpoint(deps.env, "speech"),
  ]);
  return { transcription, speech };
}

/** A real request met a provider without this endpoint: the browser is told from now on. */
export function rememberMissing(env: Env, endpoint: VoiceEndpoint): void {
  knownFor(env)[endpoint] = false;
}

function hasEndpoint(env: Env, endpoint: VoiceEndpoint): Promise<boolean> | boolean {
  const known = knownFor(env);
  const answer = known[endpoint];
  if (answer !== undefined) return answer;
  const probe = probeEndpoint(env, endpoint).then((found) => {
    if (found === undefined) delete known[endpoint];
    else if (known[endpoint] === probe) known[endpoint] = found;
    return found ?? true;
  });
  known[endpoint] = probe;
  return probe;
}

async function probeEndpoint(env: Env, endpoint: VoiceEndpoint): Promise<boolean | undefined> {
  try {
    const response = await fetch(voiceUrl(env, endpoint), {
      method: "POST",
      headers: voiceHeaders(env, true),
      body: "{}",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 500 && !MISSING_ENDPOINT_STATUSES.has(response.status)) return undefined;
    return !MISSING_ENDPOINT_STATUSES.has(response.status);
  } catch {
    return undefined;
  }
}

function knownFor(env: Env): Known {
  let known = knownByEnv.get(env);
  if (!known) {
    known = {};
    knownByEnv.set(env, known);
  }
  return known;
}

import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { contentTypeOf, type Recording } from "./recording";
import { voiceRequest } from "./voice-provider";

/**
 * A recording turned into text by the provider's /v1/audio/transcriptions. The recording lives only in this
 * request's memory: it is never stored, logged or exported.
 */
export async function transcribe(
  deps: Pick<AppDeps, "env" | "ai" | "log">,
  recording: Recording,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  const type = contentTypeOf(recording.format);
  form.append("file", new Blob([recording.bytes], { type }), `recording.${recording.format}`);
  form.append("model", deps.env.AI_TRANSCRIPTION_MODEL);
  form.append("response_format", "json");
  const response = await voiceRequest(deps, "transcription", { body: form, signal });
  const body = (await response.json().catch(() => undefined)) as { text?: unknown } | undefined;
  if (typeof body?.text !== "string") throw new AppError("ai:unavailable");
  return body.text.trim();
}

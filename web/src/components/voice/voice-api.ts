import type { Transcript } from "#shared/voice";
import { apiFetch } from "../../lib/api";

/** A recording sent to be written down; the server checks its limits and asks the AI service. */
export async function transcribe(recording: Blob, seconds: number, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append("file", recording, "recording");
  form.append("seconds", seconds.toFixed(1));
  const response = await apiFetch("/api/voice/transcriptions", { method: "POST", body: form, signal });
  return ((await response.json()) as Transcript).text;
}

/** An answer read aloud, streamed: an audio element plays it from this address as it arrives. */
export function speechUrl(messageId: string): string {
  return `/api/voice/messages/${encodeURIComponent(messageId)}/speech`;
}

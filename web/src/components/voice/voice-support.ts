import { useSyncExternalStore } from "react";
import type { VoiceCapabilities } from "#shared/voice";
import { createResourceStore } from "../../lib/resource-store";

/**
 * How this browser speaks with the owner: through the AI service (recorded here, transcribed or spoken there), the
 * browser's own speech tools when the service has none, or not at all (the buttons are not shown).
 */
export type VoiceWay = "service" | "browser" | undefined;

/** What the AI service offers; asked once per page load, and only once a voice button is about to show. */
const capabilities = createResourceStore<VoiceCapabilities>("/api/voice/capabilities");

type SpeechRecognitionWindow = Window & { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };

export function browserRecognition(): (new () => BrowserRecognition) | undefined {
  const scope = window as SpeechRecognitionWindow;
  return (scope.SpeechRecognition ?? scope.webkitSpeechRecognition) as (new () => BrowserRecognition) | undefined;
}

/** The part of the Web Speech API's SpeechRecognition the fallback uses. */
export type BrowserRecognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};

function canRecord(): boolean {
  return typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** How a spoken question is taken down here. */
export function useVoiceInput(): VoiceWay {
  const { data } = capabilities.use();
  if (data?.transcription && canRecord()) return "service";
  if (data && browserRecognition()) return "browser";
  return undefined;
}

/** How an answer is read aloud here. */
export function useVoiceOutput(): VoiceWay {
  const { data } = capabilities.use();
  if (data?.speech) return "service";
  if (data && typeof speechSynthesis !== "undefined") return "browser";
  return undefined;
}

const SEND_AT_ONCE_KEY = "directors.voice.sendAtOnce";
const settingListeners = new Set<() => void>();

/** The owner's choice (Settings → Voice, kept in this browser): a spoken question goes at once, unread. */
export function useSendAtOnce(): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      settingListeners.add(listener);
      return () => settingListeners.delete(listener);
    },
    () => localStorage.getItem(SEND_AT_ONCE_KEY) === "true",
  );
  const set = (next: boolean) => {
    if (next) localStorage.setItem(SEND_AT_ONCE_KEY, "true");
    else localStorage.removeItem(SEND_AT_ONCE_KEY);
    for (const listener of settingListeners) listener();
  };
  return [value, set];
}

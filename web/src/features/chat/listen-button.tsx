import { useEffect, useRef, useState } from "react";
import { ERRORS } from "#shared/errors";
import { speakableText } from "#shared/voice";
import { Icon } from "../../components/ui/icon";
import { pauseIcon, speakerIcon, stopIcon } from "../../components/ui/page-icons";
import { errorToast } from "../../components/ui/use-toast";
import { speechUrl } from "../../components/voice/voice-api";
import { useVoiceOutput } from "../../components/voice/voice-support";
import { ActionButton } from "./message-actions";

type PlayState = "idle" | "playing" | "paused";

/** What is being read aloud on the page: starting another answer stops it. */
let reading: { stop(): void } | undefined;

/**
 * "Listen" in an answer's actions: the AI service reads the stored answer aloud, streamed into an audio element that
 * starts playing with the first audio that arrives; without the service's speech the browser's own voice reads it.
 * Citation markers and the sources row are never read. Pause, resume and stop while it plays.
 */
export function ListenButton({ messageId, text }: { messageId: string | undefined; text: string }) {
  const way = useVoiceOutput();
  const [state, setState] = useState<PlayState>("idle");
  const player = useRef<Player | undefined>(undefined);

  useEffect(() => () => player.current?.stop(), []);

  const useService = way === "service" && messageId !== undefined;
  if (!way || (way === "service" && !useService && typeof speechSynthesis === "undefined")) return null;

  const listen = () => {
    reading?.stop();
    const next = useService ? servicePlayer(messageId, setState) : browserPlayer(text, setState);
    player.current = next;
    reading = next;
    setState("playing");
    next.play();
  };

  if (state === "idle") {
    return (
      <ActionButton label="Listen" onClick={listen}>
        <Icon drawing={speakerIcon} className="h-4 w-4" />
      </ActionButton>
    );
  }
  return (
    <>
      {state === "playing" ? (
        <ActionButton label="Pause" onClick={() => player.current?.pause()}>
          <Icon drawing={pauseIcon} className="h-4 w-4" />
        </ActionButton>
      ) : (
        <ActionButton label="Resume" onClick={() => player.current?.play()}>
          <Icon drawing={speakerIcon} className="h-4 w-4" />
        </ActionButton>
      )}
      <ActionButton label="Stop listening" onClick={() => player.current?.stop()}>
        <Icon drawing={stopIcon} className="h-4 w-4" />
      </ActionButton>
    </>
  );
}

type Player = { play(): void; pause(): void; stop(): void };

/** The service's speech, played by an audio element as it streams in (no need to wait for the whole answer). */
function servicePlayer(messageId: string, onState: (state: PlayState) => void): Player {
  const audio = new Audio(speechUrl(messageId));
  audio.preload = "auto";
  const stop = () => {
    audio.pause();
    audio.removeAttribute("src");
    audio.load();
    onState("idle");
  };
  audio.addEventListener("pause", () => {
    if (audio.getAttribute("src")) onState(audio.ended ? "idle" : "paused");
  });
  audio.addEventListener("play", () => onState("playing"));
  audio.addEventListener("ended", () => onState("idle"));
  audio.addEventListener("error", () => {
    if (!audio.getAttribute("src")) return;
    onState("idle");
    errorToast(ERRORS["ai:unavailable"].message);
  });
  return {
    play: () => {
      audio.play().catch((error: Error) => {
        // Stopped before it began: nothing to tell.
        if (error.name !== "AbortError") onState("idle");
      });
    },
    pause: () => audio.pause(),
    stop,
  };
}

/** The browser's own voice, for an AI service without speech. */
function browserPlayer(text: string, onState: (state: PlayState) => void): Player {
  const utterance = new SpeechSynthesisUtterance(speakableText(text));
  utterance.lang = document.documentElement.lang || "en";
  utterance.onend = () => onState("idle");
  utterance.onerror = () => onState("idle");
  let started = false;
  return {
    play: () => {
      if (started) {
        speechSynthesis.resume();
        onState("playing");
        return;
      }
      started = true;
      speechSynthesis.cancel();
      speechSynthesis.speak(utterance);
    },
    pause: () => {
      speechSynthesis.pause();
      onState("paused");
    },
    stop: () => {
      speechSynthesis.cancel();
      onState("idle");
    },
  };
}

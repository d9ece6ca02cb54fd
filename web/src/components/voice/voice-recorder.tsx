import { useEffect, useRef } from "react";
import { VOICE_LIMITS_TEXT, VOICE_MAX_SECONDS } from "#shared/voice";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { type RecordingPhase, useRecording } from "./use-recording";
import type { VoiceWay } from "./voice-support";

export type VoiceRecorderProps = {
  way: Exclude<VoiceWay, undefined>;
  /** Grows by one each time the microphone button is pressed again: a second tap ends the recording. */
  stopRequests: number;
  placement: "above" | "below";
  onText: (text: string) => void;
  onClose: () => void;
};

/** How to let this site use the microphone again, in the words of the browsers' own settings. */
const ALLOW_MICROPHONE =
  "To allow it, select the icon at the left of the address bar (a lock or sliders), set Microphone to Allow, then try again. On a phone, allow the microphone for this browser in the phone's settings too.";

/**
 * The panel of one spoken question, loaded on the first press of a microphone button: a timer and a level meter
 * while it listens, Stop (or the microphone button again) to end it, Cancel or Escape to throw it away. The words go
 * to `onText`; a failed upload keeps the recording and offers to send it again.
 */
export default function VoiceRecorder(props: VoiceRecorderProps) {
  const { onClose } = props;
  const recording = useRecording(props.way, (text) => {
    props.onText(text);
    onClose();
  });
  const { phase, stop, discard } = recording;
  const primary = useRef<HTMLButtonElement>(null);

  const cancel = () => {
    discard();
    onClose();
  };

  const stopRequests = useRef(props.stopRequests);
  useEffect(() => {
    if (props.stopRequests === stopRequests.current) return;
    stopRequests.current = props.stopRequests;
    if (phase.name === "recording") void stop();
    else if (phase.name !== "writing") cancel();
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      discard();
      onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [discard, onClose]);

  // The main action takes the focus whenever the panel changes, so Enter or Space does the expected next thing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the phase.
  useEffect(() => {
    primary.current?.focus();
  }, [phase.name]);

  return (
    <section
      aria-label="Voice recording"
      className={cn(
        "absolute inset-x-0 z-20 rounded-2xl border border-slate-200 bg-white p-3 shadow-lg sm:p-4",
        props.placement === "above" ? "bottom-full mb-2" : "top-full mt-2",
      )}
    >
      <div aria-live="polite" className="text-sm text-slate-700">
        <PhaseMessage phase={phase} seconds={recording.seconds} level={recording.level} way={props.way} />
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {phase.name === "recording" ? (
          <>
            <Button type="button" variant="secondary" size="sm" onClick={cancel}>
              Cancel
            </Button>
            <Button ref={primary} type="button" size="sm" onClick={() => void stop()}>
              Stop
            </Button>
          </>
        ) : phase.name === "failed" && recording.hasRecording() ? (
          <>
            <Button type="button" variant="secondary" size="sm" onClick={cancel}>
              Discard recording
            </Button>
            <Button ref={primary} type="button" size="sm" onClick={recording.retry}>
              Try again
            </Button>
          </>
        ) : phase.name === "starting" || phase.name === "writing" ? (
          <Button ref={primary} type="button" variant="secondary" size="sm" onClick={cancel}>
            Cancel
          </Button>
        ) : (
          <>
            <Button type="button" variant="secondary" size="sm" onClick={cancel}>
              Close
            </Button>
            <Button ref={primary} type="button" size="sm" onClick={() => void recording.restart()}>
              {phase.name === "denied" || phase.name === "no-microphone" ? "Try again" : "Record again"}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function PhaseMessage(props: {
  phase: RecordingPhase;
  seconds: number;
  level: number;
  way: VoiceRecorderProps["way"];
}) {
  const { phase } = props;
  switch (phase.name) {
    case "starting":
      return <p>Starting the microphone…</p>;
    case "recording":
      return <Listening seconds={props.seconds} level={props.level} showLevel={props.way === "service"} />;
    case "writing":
      return <p>Writing down your words…</p>;
    case "denied":
      return (
        <div role="alert">
          <p className="font-medium text-slate-900">Directors can't use your microphone.</p>
          <p className="mt-1 text-slate-600">{ALLOW_MICROPHONE}</p>
        </div>
      );
    case "no-microphone":
      return (
        <p role="alert" className="font-medium text-slate-900">
          No microphone was found. Connect one, then try again.
        </p>
      );
    case "empty":
      return <p role="alert">We didn't catch any words. Please try again, a little closer to the microphone.</p>;
    case "failed":
      return (
        <div role="alert">
          <p className="font-medium text-red-700">{phase.message}</p>
          <p className="mt-1 text-slate-600">Your recording is kept: try again when you are ready.</p>
        </div>
      );
  }
}

function Listening({ seconds, level, showLevel }: { seconds: number; level: number; showLevel: boolean }) {
  return (
    <div>
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 animate-pulse rounded-full bg-red-600" />
        <p className="font-medium text-slate-900">Listening…</p>
        <p className="ml-auto tabular-nums text-slate-600">
          <span className="sr-only">Recorded </span>
          {clock(seconds)} / {clock(VOICE_MAX_SECONDS)}
        </p>
      </div>
      {showLevel ? (
        <div
          aria-hidden="true"
          data-level={Math.round(level * 100)}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-75"
            style={{ width: `${level * 100}%` }}
          />
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">{VOICE_LIMITS_TEXT}</p>
    </div>
  );
}

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

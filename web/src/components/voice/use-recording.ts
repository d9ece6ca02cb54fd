import { useCallback, useEffect, useRef, useState } from "react";
import { VOICE_MAX_SECONDS } from "#shared/voice";
import { ApiError } from "../../lib/api";
import { transcribe } from "./voice-api";
import { type BrowserRecognition, browserRecognition, type VoiceWay } from "./voice-support";

export type RecordingPhase =
  | { name: "starting" }
  | { name: "recording" }
  | { name: "denied" }
  | { name: "no-microphone" }
  | { name: "writing" }
  | { name: "failed"; message: string }
  | { name: "empty" };

/** The recorder's formats in order of preference: Chromium and Firefox make WebM or Ogg, Safari MP4. */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];

type Capture = {
  stop(): Promise<Blob | undefined>;
  discard(): void;
};

/**
 * One spoken question: recorded here and written down by the AI service ("service"), or heard by the browser's own
 * speech recognition ("browser"). `level` (0–1) and `seconds` show it is listening; at the length limit it stops by
 * itself. A recording whose upload failed is kept, so `retry` can send it again.
 */
export function useRecording(way: Exclude<VoiceWay, undefined>, onText: (text: string) => void) {
  const [phase, setPhase] = useState<RecordingPhase>({ name: "starting" });
  const [seconds, setSeconds] = useState(0);
  const [level, setLevel] = useState(0);
  const capture = useRef<Capture | undefined>(undefined);
  const kept = useRef<{ blob: Blob; seconds: number } | undefined>(undefined);
  const startedAt = useRef(0);
  const upload = useRef<AbortController | undefined>(undefined);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  const send = useCallback(async (recording: { blob: Blob; seconds: number }) => {
    kept.current = recording;
    setPhase({ name: "writing" });
    upload.current = new AbortController();
    try {
      const text = await transcribe(recording.blob, recording.seconds, upload.current.signal);
      if (text === "") return setPhase({ name: "empty" });
      kept.current = undefined;
      onTextRef.current(text);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setPhase({
        name: "failed",
        message: error instanceof ApiError ? error.message : "The recording could not be sent.",
      });
    }
  }, []);

  // Each start and each discard begins a new attempt: a microphone that opens after its attempt ended is closed again.
  const attempt = useRef(0);

  const start = useCallback(async () => {
    const mine = ++attempt.current;
    setPhase({ name: "starting" });
    setSeconds(0);
    kept.current = undefined;
    try {
      const opened =
        way === "service"
          ? await recordForService(setLevel)
          : recognizeInBrowser((text) => (text ? onTextRef.current(text) : setPhase({ name: "empty" })), setPhase);
      if (mine !== attempt.current) return opened.discard();
      capture.current = opened;
      startedAt.current = performance.now();
      setPhase({ name: "recording" });
    } catch (error) {
      if (mine !== attempt.current) return;
      const name = (error as Error).name;
      setPhase(
        name === "NotFoundError" || name === "OverconstrainedError" ? { name: "no-microphone" } : { name: "denied" },
      );
    }
  }, [way]);

  const stop = useCallback(async () => {
    const current = capture.current;
    if (!current) return;
    capture.current = undefined;
    const length = (performance.now() - startedAt.current) / 1000;
    if (way === "browser") setPhase({ name: "writing" });
    const blob = await current.stop();
    if (blob) await send({ blob, seconds: Math.min(length, VOICE_MAX_SECONDS) });
  }, [send, way]);

  const discard = useCallback(() => {
    attempt.current += 1;
    capture.current?.discard();
    capture.current = undefined;
    upload.current?.abort();
    kept.current = undefined;
  }, []);

  const retry = useCallback(() => {
    if (kept.current) void send(kept.current);
  }, [send]);

  useEffect(() => {
    void start();
    return discard;
  }, [start, discard]);

  // The timer, and the stop at the length limit.
  useEffect(() => {
    if (phase.name !== "recording") return;
    const timer = setInterval(() => {
      const elapsed = (performance.now() - startedAt.current) / 1000;
      setSeconds(elapsed);
      if (elapsed >= VOICE_MAX_SECONDS) void stop();
    }, 250);
    return () => clearInterval(timer);
  }, [phase.name, stop]);

  return { phase, seconds, level, stop, discard, retry, restart: start, hasRecording: () => Boolean(kept.current) };
}

/** The microphone through MediaRecorder, with its loudness read from an analyser for the level meter. */
async function recordForService(onLevel: (level: number) => void): Promise<Capture> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const type = RECORDING_TYPES.find((candidate) => MediaRecorder.isTypeSupported(candidate));
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const audio = new AudioContext();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 512;
  audio.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  let frame = requestAnimationFrame(function measure() {
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
    // Speech sits far below full scale (an RMS of 0.05 to 0.2): scaled, it fills a quarter to most of the meter.
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    frame = requestAnimationFrame(measure);
  });
  const release = () => {
    cancelAnimationFrame(frame);
    for (const track of stream.getTracks()) track.stop();
    void audio.close();
  };
  recorder.start();
  return {
    stop: () =>
      new Promise((resolve) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: recorder.mimeType || type || "audio/webm" }));
        };
        recorder.stop();
      }),
    discard: () => {
      recorder.onstop = null;
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}

/** The browser's own speech recognition, for an AI service without transcription: the words come back here. */
function recognizeInBrowser(onDone: (text: string) => void, onPhase: (phase: RecordingPhase) => void): Capture {
  const Recognition = browserRecognition();
  if (!Recognition) throw new Error("No speech recognition");
  const recognition: BrowserRecognition = new Recognition();
  recognition.lang = document.documentElement.lang || "en";
  recognition.continuous = true;
  recognition.interimResults = false;
  let text = "";
  let discarded = false;
  recognition.onresult = (event) => {
    text = Array.from(event.results, (result) => result[0]?.transcript ?? "").join(" ");
  };
  recognition.onerror = (event) => {
    if (discarded) return;
    discarded = true;
    if (event.error === "not-allowed" || event.error === "service-not-allowed") onPhase({ name: "denied" });
    else if (event.error === "no-speech") onPhase({ name: "empty" });
    else onPhase({ name: "failed", message: "Your browser could not hear the recording. Please try again." });
  };
  recognition.onend = () => {
    if (!discarded) onDone(text.trim());
  };
  recognition.start();
  return {
    stop: async () => {
      recognition.stop();
      return undefined;
    },
    discard: () => {
      discarded = true;
      recognition.abort();
    },
  };
}

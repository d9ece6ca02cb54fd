import type { ModelMessage } from "ai";
import type { ChatMessageStatus } from "../../shared/chat";
import type { ErrorCode } from "../../shared/errors";
import { type AnswerStream, errorCodeFor, openAnswerStream, type ProviderTimings } from "../ai/chat-stream";
import { type AiError, classifyAiError } from "../ai/retry";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";
import type { LiveAnswer, StopReason } from "./live-answer";

/**
 * No first token after this long (or a sixth of the first-token limit, if that is shorter): the owner is told the AI
 * service is slow; the answer keeps waiting until the limit.
 */
export const SLOW_PROVIDER_MS = 5000;

export type WrittenAnswer = { status: ChatMessageStatus; errorCode: ErrorCode | null };

/**
 * Streams the model's answer to a prompt into a live answer: what it is
 * doing while the provider is slow or busy, then its text as it comes.
 * Returns how it ended (complete, stopped, interrupted or failed, with the
 * code the owner sees); storing it is the caller's. A chat turn and each
 * director of a board meeting write their answers through here.
 */
export async function writeModelAnswer(
  deps: Pick<AppDeps, "ai" | "env">,
  live: LiveAnswer,
  prompt: { system: string; messages: ModelMessage[] },
  log: Logger,
  options: {
    /** Waited for once the first token is out, before the rest is relayed (a board round starts its columns together). */
    beforeRest?: () => Promise<void>;
    /** Filled in with when the provider request started and its first text arrived. */
    timings?: ProviderTimings;
  } = {},
): Promise<WrittenAnswer> {
  const opened = await openModelAnswer(deps, prompt, log, {
    signal: live.stop.signal,
    setPhase: (phase, retryInMs) => live.setPhase(phase, retryInMs),
    timings: options.timings,
  });
  return relayModelAnswer(live, opened, log, options);
}

/** The model's answer once asked for: its stream from the first text on, or how it ended before that. */
export type OpenedAnswer = { stream: AnswerStream } | { ended: WrittenAnswer } | { stopped: true };

/**
 * Asks the model for its answer and waits for the first text (retrying with the spec's policy), saying through
 * `setPhase` when the provider is slow or busy. It needs no live answer yet: a chat turn asks while its question is
 * being stored, and relays the answer (relayModelAnswer) once the question is.
 */
export async function openModelAnswer(
  deps: Pick<AppDeps, "ai" | "env">,
  prompt: { system: string; messages: ModelMessage[] },
  log: Logger,
  options: {
    /** Stops the request (the owner's Stop, a shutdown, a turn refused before its answer started). */
    signal: AbortSignal;
    /** `retryInMs`: while busy, how long until the provider is asked again. */
    setPhase: (phase: "slow" | "busy", retryInMs?: number) => void;
    timings?: ProviderTimings;
  },
): Promise<OpenedAnswer> {
  const slow = setTimeout(
    () => options.setPhase("slow"),
    Math.min(SLOW_PROVIDER_MS, deps.env.CHAT_FIRST_TOKEN_TIMEOUT_MS / 6),
  );
  try {
    const stream = await openAnswerStream(deps.ai, {
      ...prompt,
      signal: options.signal,
      firstTokenTimeoutMs: deps.env.CHAT_FIRST_TOKEN_TIMEOUT_MS,
      log,
      onRetry: (_error, delayMs) => options.setPhase("busy", delayMs),
      timings: options.timings,
    });
    return { stream };
  } catch (raw) {
    const error = classifyAiError(raw);
    if (error.tag === "aborted") return { stopped: true };
    logFailure(log, error, "before the first token");
    return { ended: { status: "failed", errorCode: errorCodeFor(error.tag) } };
  } finally {
    clearTimeout(slow);
  }
}

/** Relays an opened answer into a live answer, to its end; returns how it ended. */
export async function relayModelAnswer(
  live: LiveAnswer,
  opened: OpenedAnswer,
  log: Logger,
  options: { beforeRest?: () => Promise<void> } = {},
): Promise<WrittenAnswer> {
  if ("stopped" in opened) return { status: stoppedStatus(live), errorCode: null };
  if ("ended" in opened) return opened.ended;
  const answer = opened.stream;
  live.append(answer.first);
  // Let the first token reach the socket before the rest of a fast answer is relayed and stored.
  await new Promise((resolve) => setImmediate(resolve));
  await options.beforeRest?.();
  try {
    for await (const piece of answer.rest) live.append(piece);
  } catch (raw) {
    const error = classifyAiError(raw);
    if (error.tag === "aborted") return { status: stoppedStatus(live), errorCode: null };
    logFailure(log, error, "mid-stream");
    return { status: "failed", errorCode: errorCodeFor(error.tag) };
  }
  return { status: "complete", errorCode: null };
}

/** Stopped by the owner, or interrupted by this process shutting down (the owner can retry). */
export function stoppedStatus(live: LiveAnswer): ChatMessageStatus {
  return (live.stop.signal.reason as StopReason | undefined) === "shutdown" ? "interrupted" : "stopped";
}

/** Account problems (quota, key, model name, an unreachable service) need the operator; the rest is weather. */
function logFailure(log: Logger, error: AiError, when: string) {
  const details = { tag: error.tag, status: error.status, when, err: error.cause ?? error };
  if (
    error.tag === "insufficient_quota" ||
    error.tag === "authentication" ||
    error.tag === "model_not_found" ||
    error.tag === "unreachable"
  ) {
    log.error(details, `ai ${error.tag.replaceAll("_", " ")}`);
  } else {
    log.warn(details, "ai answer failed");
  }
}

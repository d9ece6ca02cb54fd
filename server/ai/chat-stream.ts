import type { ModelMessage } from "ai";
import type { ErrorCode } from "../../shared/errors";
import type { Logger } from "../logger";
import type { AiProvider, ChatModel } from "./provider";
import { AiError, type AiFailureTag, classifyAiError, withRetry } from "./retry";

/**
 * One streamed answer from the chat model. The request is retried with the
 * spec's policy until the first token arrives; after that the stream is handed
 * over as is, and a failure ends the answer (it is not restarted mid-way).
 */

export type AnswerStream = {
  /** The first piece of text; the answer has started once this exists. */
  first: string;
  /** The rest of the answer, piece by piece; throws an AiError if the stream fails or is stopped. */
  rest: AsyncIterable<string>;
};

export type OpenAnswerOptions = {
  system: string;
  messages: ModelMessage[];
  /** Aborted when the owner presses stop or the connection goes away. */
  signal: AbortSignal;
  /** No first token within this time → "Assistant response timed out". */
  firstTokenTimeoutMs: number;
  log: Logger;
  /** Called when the retry policy waits `delayMs` before asking a failing provider again. */
  onRetry?: (error: AiError, delayMs: number) => void;
  /** Filled in, when given, with when the (last) request was started and when its first text arrived. */
  timings?: ProviderTimings;
};

/** `performance.now()` moments of one answer's provider request, for the turn's debug log line. */
export type ProviderTimings = { requestAt?: number; firstTextAt?: number };

/** Opens the stream and waits for its first token. Throws an AiError before the answer starts. */
export async function openAnswerStream(ai: AiProvider, options: OpenAnswerOptions): Promise<AnswerStream> {
  const model = ai.chat;
  if (!model) throw new AiError("provider", undefined, "No chat model is configured.");

  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new AiError("timeout", undefined, "Assistant response timed out")),
    options.firstTokenTimeoutMs,
  );
  const stopped = () => new AiError("aborted", undefined, "The answer was stopped.");
  const waiting = AbortSignal.any([deadline.signal, options.signal]);
  let lastFailure: AiError | undefined;

  try {
    return await withRetry(
      async () => {
        if (options.signal.aborted) throw stopped();
        // Out of time while waiting to retry: report what kept failing rather than a bare timeout.
        if (deadline.signal.aborted) throw lastFailure ?? (deadline.signal.reason as AiError);
        const attempt = new AbortController();
        const release = linkAbort(waiting, attempt);
        if (options.timings) options.timings.requestAt = performance.now();
        const parts = modelParts(model, options, attempt.signal);
        try {
          const first = await firstText(parts);
          if (options.timings) options.timings.firstTextAt = performance.now();
          release();
          // From here on only the owner's stop ends the stream early.
          const releaseStop = linkAbort(options.signal, attempt);
          return { first, rest: restOf(parts, options.signal, releaseStop) };
        } catch (error) {
          release();
          attempt.abort();
          void parts.return(undefined);
          if (options.signal.aborted) throw stopped();
          if (deadline.signal.aborted) throw deadline.signal.reason as AiError;
          throw classifyAiError(error);
        }
      },
      {
        ...ai.retry,
        signal: waiting,
        onRetry: (error, attemptNumber, delayMs) => {
          lastFailure = error;
          options.log.warn({ tag: error.tag, status: error.status, attempt: attemptNumber, delayMs }, "ai retry");
          options.onRetry?.(error, delayMs);
        },
      },
    );
  } catch (error) {
    if (options.signal.aborted) throw stopped();
    throw classifyAiError(error);
  } finally {
    clearTimeout(timer);
  }
}

type ModelPart = Awaited<ReturnType<ChatModel["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;
type ModelPrompt = Parameters<ChatModel["doStream"]>[0]["prompt"];

/**
 * The model's stream parts as the provider reads them from the AI service. An
 * answer is plain text, so it is not run through streamText: its dozen stream
 * stages (tools, steps, telemetry, output) were most of an answer's work
 * before its first token, and with a board's four answers arriving at once
 * they made the columns start one after another.
 */
async function* modelParts(
  model: ChatModel,
  prompt: { system: string; messages: ModelMessage[] },
  signal: AbortSignal,
): AsyncGenerator<ModelPart> {
  const { stream } = await model.doStream({ prompt: modelPrompt(prompt), abortSignal: signal });
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) reader.cancel().catch(() => {});
  }
}

/** The system prompt and the conversation as the provider takes them (answers are text only). */
function modelPrompt(prompt: { system: string; messages: ModelMessage[] }): ModelPrompt {
  return [
    { role: "system", content: prompt.system },
    ...prompt.messages.map((message): ModelPrompt[number] => {
      if (message.role === "system") return { role: "system", content: message.content };
      if (message.role === "tool" || typeof message.content !== "string") {
        throw new AiError("provider", undefined, "An answer's prompt can only hold text.");
      }
      return { role: message.role, content: [{ type: "text", text: message.content }] };
    }),
  ];
}

/** Reads parts until the first non-empty text. An answer with no text at all counts as a failure. */
async function firstText(parts: AsyncIterator<ModelPart>): Promise<string> {
  for (;;) {
    const { value: part, done } = await parts.next();
    if (done) throw new AiError("provider", undefined, "The stream ended before any text.");
    if (part.type === "text-delta" && part.delta !== "") return part.delta;
    if (part.type === "error") throw part.error;
    if (part.type === "finish") throw new AiError("provider", undefined, "No assistant response found");
  }
}

async function* restOf(
  parts: AsyncIterator<ModelPart>,
  signal: AbortSignal,
  release: () => void,
): AsyncGenerator<string> {
  try {
    for (;;) {
      let next: IteratorResult<ModelPart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw signal.aborted ? new AiError("aborted", undefined, "The answer was stopped.") : classifyAiError(error);
      }
      if (next.done) {
        if (signal.aborted) throw new AiError("aborted", undefined, "The answer was stopped.");
        // The provider's stream ends with a finish part; ending without one means it was cut.
        throw new AiError("provider", undefined, "The answer stream ended early.");
      }
      const part = next.value;
      if (part.type === "text-delta") yield part.delta;
      else if (part.type === "error") throw signal.aborted ? stoppedError() : classifyAiError(part.error);
      else if (part.type === "finish") {
        if (part.finishReason.unified === "error") {
          throw new AiError("provider", undefined, "The answer ended with an error.");
        }
        return;
      }
    }
  } finally {
    release();
    // Let go of the provider's stream, whether the answer ended or was stopped.
    void parts.return?.(undefined);
  }
}

function stoppedError() {
  return new AiError("aborted", undefined, "The answer was stopped.");
}

/** Aborts `target` when `source` aborts; returns a function that removes the link. */
function linkAbort(source: AbortSignal, target: AbortController): () => void {
  if (source.aborted) {
    target.abort(source.reason);
    return () => {};
  }
  const onAbort = () => target.abort(source.reason);
  source.addEventListener("abort", onAbort, { once: true });
  return () => source.removeEventListener("abort", onAbort);
}

/** The code the browser gets for a failed answer: a busy provider and a timeout are told apart, the rest is generic. */
export function errorCodeFor(tag: AiFailureTag): ErrorCode {
  if (tag === "timeout") return "ai:timeout";
  if (tag === "rate_limit") return "ai:rate_limit";
  return "ai:unavailable";
}

import { APICallError } from "ai";
import { RETRY_POLICY } from "../../shared/constants";

/** What kind of provider failure this was, for logs and for the message the user sees. */
export type AiFailureTag =
  | "insufficient_quota"
  | "authentication"
  | "rate_limit"
  | "model_not_found"
  | "timeout"
  | "aborted"
  /** No connection at all: refused, a name that does not resolve, or a TLS failure. */
  | "unreachable"
  | "provider";

export class AiError extends Error {
  constructor(
    readonly tag: AiFailureTag,
    readonly status: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AiError";
  }
}

/** The spec's retry helper: never on 400–407 or 409, aborts, timeouts or an exhausted quota. */
const NO_RETRY_STATUSES = new Set([400, 401, 402, 403, 404, 405, 406, 407, 409]);

export function classifyAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof Error && (error.name === "AbortError" || error.name === "ResponseAborted")) {
    return new AiError("aborted", undefined, "The request was aborted.", { cause: error });
  }
  if (error instanceof Error && error.name === "TimeoutError") {
    return new AiError("timeout", undefined, "The request timed out.", { cause: error });
  }
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  const network = status === undefined ? unreachableCode(error) : undefined;
  if (network) {
    return new AiError("unreachable", undefined, `The AI service could not be reached (${network}).`, {
      cause: error,
    });
  }
  const body = APICallError.isInstance(error) ? (error.responseBody ?? "") : "";
  if (body.includes("insufficient_quota")) {
    return new AiError("insufficient_quota", status, "The AI provider account has run out of quota.", { cause: error });
  }
  if (status === 401)
    return new AiError("authentication", status, "The AI provider rejected the key.", { cause: error });
  if (status === 429) return new AiError("rate_limit", status, "The AI provider is rate limiting.", { cause: error });
  if (status === 404) return new AiError("model_not_found", status, "The AI model was not found.", { cause: error });
  // A provider writes its error message from what it was sent: it stays in the cause, which is never logged whole.
  const message = APICallError.isInstance(error)
    ? `The AI provider answered with an error${status ? ` (HTTP ${status})` : ""}.`
    : error instanceof Error
      ? error.message
      : String(error);
  return new AiError("provider", status, message, { cause: error });
}

/**
 * Failures that another attempt a second later would meet again: nothing
 * listens at that address, the host name does not exist, or its certificate is
 * wrong. The owner hears at once instead of after the whole backoff; a dropped
 * or reset connection is not among them and is retried.
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ConnectionRefused",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_NONAME",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPROTO",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/** The network code of a connection that never opened, found anywhere in the error's causes; undefined otherwise. */
function unreachableCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    // fetch refuses, before connecting, the ports the Fetch standard blocks (1, 9, 6000…): a setting that never works.
    if (current.message === "bad port") return "bad port";
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (UNREACHABLE_CODES.has(code) || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_"))
    ) {
      return code;
    }
    queue.push(current.cause);
    // A host with several addresses reports one failure per address.
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return undefined;
}

export function isRetryable(error: AiError): boolean {
  if (
    error.tag === "insufficient_quota" ||
    error.tag === "aborted" ||
    error.tag === "timeout" ||
    error.tag === "unreachable"
  ) {
    return false;
  }
  return error.status === undefined || !NO_RETRY_STATUSES.has(error.status);
}

export type RetryOptions = {
  retries?: number;
  firstDelayMs?: number;
  factor?: number;
  signal?: AbortSignal;
  onRetry?: (error: AiError, attempt: number, delayMs: number) => void;
};

/** Randomized exponential backoff: 1 s, 2 s, 4 s… each scaled by a random factor between 1 and 2. */
export function backoffDelay(attempt: number, firstDelayMs: number, factor: number): number {
  return Math.round(firstDelayMs * factor ** attempt * (1 + Math.random()));
}

export async function withRetry<T>(run: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? RETRY_POLICY.retries;
  const firstDelayMs = options.firstDelayMs ?? RETRY_POLICY.firstDelayMs;
  const factor = options.factor ?? RETRY_POLICY.factor;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (raw) {
      const error = classifyAiError(raw);
      if (attempt >= retries || !isRetryable(error) || options.signal?.aborted) throw error;
      const delayMs = backoffDelay(attempt, firstDelayMs, factor);
      options.onRetry?.(error, attempt + 1, delayMs);
      await sleep(delayMs, options.signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

import { APICallError } from "ai";
import pino from "pino";
import { loggableError } from "./db/database-error";

export type Logger = pino.Logger;

/**
 * Structured JSON logs (pino) that hold ids, codes, sizes and timings, never a
 * secret or an owner's words. Three layers keep them that way:
 * - errors are logged through `serializeError`, which keeps an error's name,
 *   code, status and stack but not the request it was about: a provider error
 *   carries the whole prompt (system prompt, business profile, training
 *   answers, the question) and the provider's reply, and neither is written;
 *   a database error loses its query parameters and the row values PostgreSQL
 *   quotes (`loggableError`);
 * - fields named like secrets (password, token, cookie, authorization…) are
 *   replaced wherever pino's redaction paths reach;
 * - every line is scrubbed on its way out: the configured secrets (the AI key,
 *   the session secret, database and mail passwords), anything shaped like an
 *   API key or a bearer token, and email addresses become "[redacted]" or
 *   "[email]", whichever field or message they turn up in.
 */
export type LoggerOptions = {
  /** Values never to be written, e.g. from `secretsOf(env)`. */
  secrets?: Array<string | undefined>;
  /** Where lines go; standard output by default. Tests collect them. */
  destination?: pino.DestinationStream;
};

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const redactLine = createRedactor(options.secrets ?? []);
  return pino(
    {
      level,
      serializers: { err: serializeLoggable, error: serializeLoggable },
      redact: {
        paths: [
          "*.apiKey",
          "*.authorization",
          "*.cookie",
          "*.password",
          "*.token",
          "*.secret",
          "*.email",
          "*.headers",
          "req.headers.authorization",
          "req.headers.cookie",
        ],
        censor: "[redacted]",
      },
      hooks: { streamWrite: redactLine },
    },
    options.destination,
  );
}

function serializeLoggable(error: unknown): SerializedError {
  return serializeError(loggableError(error));
}

/** The configured values that must never appear in a log line. */
export function secretsOf(env: {
  AI_API_KEY?: string;
  AUTH_SECRET?: string;
  DATABASE_URL?: string;
  SMTP_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}): string[] {
  return [
    env.AI_API_KEY,
    env.AUTH_SECRET,
    passwordIn(env.DATABASE_URL),
    passwordIn(env.SMTP_URL),
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
  ].filter((value): value is string => value !== undefined && value !== "");
}

function passwordIn(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/** Shorter configured values are left alone: "ollama" as a key would blank out every mention of Ollama. */
const MIN_SECRET_LENGTH = 8;

/** Shapes of API keys and tokens, whoever issued them. */
const KEY_SHAPES: Array<[RegExp, string]> = [
  [/\b(?:sk|rk|pk)-[A-Za-z0-9_-]{16,}/g, "[redacted]"],
  [
    /\b(?:gsk_|xai-|pplx-|hf_|ghp_|gho_|ghs_|github_pat_|glpat-|r8_|nvapi-|sk_live_|sk_test_)[A-Za-z0-9_-]{16,}/g,
    "[redacted]",
  ],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, "[redacted]"],
  [/\bAKIA[0-9A-Z]{16}\b/g, "[redacted]"],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, "$1 [redacted]"],
  [/\b(api[_-]?key|access[_-]?token|secret)(\\?["']?\s*[:=]\s*\\?["']?)[^\s"'\\&,;}]{8,}/gi, "$1$2[redacted]"],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, "[email]"],
];

/** Replaces the given secrets and everything shaped like a key or an email address in a piece of text. */
export function createRedactor(secrets: Array<string | undefined>): (text: string) => string {
  const exact = [
    ...new Set(
      secrets
        .filter((secret): secret is string => secret !== undefined && secret.length >= MIN_SECRET_LENGTH)
        // As written, and as it looks inside a JSON string.
        .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]),
    ),
  ].sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const secret of exact) result = result.split(secret).join("[redacted]");
    for (const [shape, replacement] of KEY_SHAPES) result = result.replace(shape, replacement);
    return result;
  };
}

type SerializedError = {
  type: string;
  message?: string;
  code?: string | number;
  status?: number;
  stack?: string;
  /** A provider error: where it was sent (no query), the provider's own error code and the size of its reply. */
  url?: string;
  providerCode?: string;
  responseBytes?: number;
  cause?: SerializedError;
};

const MAX_CAUSE_DEPTH = 4;

/**
 * An error as it may be logged: by name, code and status, with its stack and
 * its causes. A provider's error keeps none of its request or reply (the
 * prompt, the owner's data, a reply echoing the key), not even its message,
 * which the provider writes from what it was sent.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === "string" ? error : undefined };
  if (APICallError.isInstance(error)) {
    return {
      type: error.name,
      status: error.statusCode,
      url: withoutQuery(error.url),
      providerCode: providerCodeOf(error.responseBody),
      responseBytes: error.responseBody?.length,
    };
  }
  const record = error as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
  const code = typeof record.code === "string" || typeof record.code === "number" ? record.code : undefined;
  const status =
    typeof record.status === "number"
      ? record.status
      : typeof record.statusCode === "number"
        ? record.statusCode
        : undefined;
  return {
    type: error.name,
    message: error.message,
    code: typeof code === "string" ? code.slice(0, 64) : code,
    status,
    stack: error.stack,
    cause: error.cause !== undefined && depth < MAX_CAUSE_DEPTH ? serializeError(error.cause, depth + 1) : undefined,
  };
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "[unparsable url]";
  }
}

/** OpenAI-style `{ error: { code, type } }`: a short identifier such as "invalid_api_key", never free text. */
function providerCodeOf(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; type?: unknown } };
    const candidate = parsed.error?.code ?? parsed.error?.type;
    return typeof candidate === "string" && /^[A-Za-z0-9_.-]{1,64}$/.test(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

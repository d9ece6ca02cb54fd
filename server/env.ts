import { z } from "zod";
import { FIRST_TOKEN_TIMEOUT_MS } from "../shared/constants";
import { DEFAULT_AVAILABLE_DIRECTORS, DIRECTOR_IDS } from "../shared/directors";

/**
 * All configuration, read once from process.env and validated. Nothing else in
 * the code base reads process.env.
 */

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const directorList = z
  .string()
  .trim()
  .transform((value) =>
    value
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(DIRECTOR_IDS, { error: `each id must be one of ${DIRECTOR_IDS.join(", ")}` })));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  EMBEDDED_DATABASE_THREAD: bool.default(true),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),

  AI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  AI_API_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  CHAT_MODEL: z.string().trim().min(1).default("gpt-5-mini"),
  EMBEDDING_MODEL: z.string().trim().default("text-embedding-3-small"),
  EMBEDDING_DIMENSIONS: z.coerce.number().int().min(1).max(16000).default(1536),

  CONTEXT_ENABLED: bool.default(true),
  AVAILABLE_DIRECTORS: directorList.default([...DEFAULT_AVAILABLE_DIRECTORS]),
  RETRIEVAL_PIECE_THRESHOLD: z.coerce.number().min(0).max(1).default(0.3),
  RETRIEVAL_PIECE_COUNT: z.coerce.number().int().min(1).max(50).default(6),
  RETRIEVAL_EMBEDDING_WAIT_MS: z.coerce.number().int().positive().default(2000),
  LEARNING_PAUSE_SECONDS: z.coerce.number().min(0).max(86_400).default(120),
  /** Weekly briefs found due by the periodic sweep start within this many seconds, so many owners do not hit the AI at once. */
  BRIEF_SPREAD_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),

  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  CHAT_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().positive().default(FIRST_TOKEN_TIMEOUT_MS),

  KNOWLEDGE_MAX_FILE_MB: z.coerce.number().positive().max(1024).default(20),
  KNOWLEDGE_READ_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(256),
  KNOWLEDGE_READ_TIMEOUT_S: z.coerce.number().positive().max(3600).default(60),
  URL_IMPORT_ALLOW_PRIVATE: bool.default(false),

  CONTACT_EMAIL: z.email().default("hello@directors.example"),

  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalText,
  REQUIRE_EMAIL_VERIFICATION: bool.default(false),
  DEMO_VIDEO_URL: optionalText,

  AI_TRANSCRIPTION_MODEL: z.string().trim().min(1).default("whisper-1"),
  AI_SPEECH_MODEL: z.string().trim().min(1).default("tts-1"),
  AI_SPEECH_VOICE: z.string().trim().min(1).default("alloy"),
  VOICE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** How long the provider has to transcribe a recording, or to start reading an answer aloud. */
  VOICE_TIMEOUT_S: z.coerce.number().positive().max(600).default(20),
  /** Billing is on when the secret key is set (server/billing/billing-config.ts); the other four then matter. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_STANDARD: optionalText,
  STRIPE_PRICE_PREMIUM: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export type RawEnv = z.input<typeof envSchema>;

export type Env = Omit<z.output<typeof envSchema>, "AI_API_KEY" | "OPENAI_API_KEY" | "AI_BASE_URL" | "MAIL_FROM"> & {
  AI_BASE_URL: string;
  /** The provider key, from AI_API_KEY or OPENAI_API_KEY. Never leaves the server. */
  AI_API_KEY: string | undefined;
  /** A provider counts as configured when it has a key or an explicit base URL (Ollama needs no key). */
  AI_CONFIGURED: boolean;
  EMBEDDINGS_CONFIGURED: boolean;
  APP_URL: string;
  /** The sender of the app's emails; "Directors <no-reply@the app's host>" unless configured. */
  MAIL_FROM: string;
};

export const DEFAULT_AI_BASE_URL = "https://api.openai.com/v1";

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const { AI_API_KEY, OPENAI_API_KEY, AI_BASE_URL, ...rest } = result.data;
  if (rest.REQUIRE_EMAIL_VERIFICATION && !rest.SMTP_URL) {
    throw new EnvError(["REQUIRE_EMAIL_VERIFICATION: needs SMTP_URL, to send the confirmation emails"]);
  }
  const billingMissing = missingForBilling(rest);
  if (billingMissing.length > 0) {
    throw new EnvError([`STRIPE_SECRET_KEY: billing also needs ${billingMissing.join(", ")}`]);
  }
  const key = AI_API_KEY ?? OPENAI_API_KEY;
  const aiConfigured = Boolean(key || AI_BASE_URL);
  const appUrl = rest.APP_URL ?? `http://localhost:${rest.PORT || 3000}`;
  return {
    ...rest,
    AI_BASE_URL: AI_BASE_URL ?? DEFAULT_AI_BASE_URL,
    AI_API_KEY: key,
    AI_CONFIGURED: aiConfigured,
    EMBEDDINGS_CONFIGURED: aiConfigured && rest.EMBEDDING_MODEL !== "" && rest.EMBEDDING_MODEL !== "none",
    APP_URL: appUrl,
    MAIL_FROM: rest.MAIL_FROM ?? `Directors <no-reply@${new URL(appUrl).hostname}>`,
  };
}

/** With STRIPE_SECRET_KEY set, the other settings billing cannot work without that are still unset. */
function missingForBilling(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_STANDARD?: string;
  STRIPE_PRICE_PREMIUM?: string;
}): string[] {
  if (!env.STRIPE_SECRET_KEY) return [];
  const required = {
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_STANDARD: env.STRIPE_PRICE_STANDARD,
    STRIPE_PRICE_PREMIUM: env.STRIPE_PRICE_PREMIUM,
  };
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/** For `npm run billing:setup`, which runs before the prices it creates are configured: the key and API address. */
export function loadStripeSetupEnv(): { secretKey: string; apiUrl: string | undefined } {
  const result = envSchema
    .pick({ STRIPE_SECRET_KEY: true, STRIPE_API_URL: true })
    .required({ STRIPE_SECRET_KEY: true })
    .safeParse(process.env);
  if (!result.success || !result.data.STRIPE_SECRET_KEY) {
    throw new EnvError(["STRIPE_SECRET_KEY: set it to the Stripe account's secret key (sk_live_… or sk_test_…)"]);
  }
  return { secretKey: result.data.STRIPE_SECRET_KEY, apiUrl: result.data.STRIPE_API_URL };
}

/** Reads the process environment; the one place that touches process.env. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}

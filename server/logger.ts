import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs. Keys and cookies are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "*.apiKey",
        "*.authorization",
        "*.cookie",
        "*.password",
        "req.headers.authorization",
        "req.headers.cookie",
      ],
      censor: "[redacted]",
    },
  });
}

import { z } from "zod";
import type { FieldErrors } from "./errors";

/** The first message for each field of a failed parse, keyed by the field's path. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export const CONTROL_CHARACTER_MESSAGE =
  "This text contains an invisible character we can't save (it often comes with pasted text). Please remove it and try again.";

// C0 controls except tab (\u0009) and newline (\u000A), DEL, and the C1 controls. Carriage returns are turned into
// newlines before this check.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Windows and old Mac line endings become "\n", and a lone UTF-16 surrogate becomes U+FFFD, the replacement character. */
export function normalizeOwnerText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(LONE_SURROGATES, "\uFFFD");
}

/** The text without the control characters `ownerText` refuses (each becomes a space), for text no person typed. */
export function withoutControlCharacters(value: string): string {
  return normalizeOwnerText(value).replace(new RegExp(CONTROL_CHARACTERS.source, "g"), " ");
}

// Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
// (U+200E, U+200F, U+061C).
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A name without bidirectional controls, which can make a name read otherwise than it is: "invoice\u202Etxt.exe"
 * shows as "invoiceexe.txt". Names are short labels, where these characters serve no one.
 */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}

/**
 * A string an owner typed: a name, an onboarding or training answer, a chat
 * message, a note, a title. Every schema in shared/ that takes text from an
 * owner starts from this instead of `z.string()`, then adds its own rules
 * (trim, min, max). It never lets through what PostgreSQL refuses to store or
 * what no person means to type:
 * - control characters other than tab and newline (NUL among them) are a field
 *   error with a message a person can act on;
 * - line endings become "\n";
 * - a lone UTF-16 surrogate (half of an emoji, cut by a broken client)
 *   becomes U+FFFD, so a text is stored the same way wherever it is sent.
 *
 * `error` is the message for a missing or non-string value, as with
 * `z.string({ error })`.
 */
export function ownerText(params?: { error?: string }) {
  return z
    .string(params)
    .overwrite(normalizeOwnerText)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: CONTROL_CHARACTER_MESSAGE, abort: true });
}

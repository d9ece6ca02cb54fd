import type { z } from "zod";
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

import type { Context } from "hono";
import type { z } from "zod";
import type { ErrorCode } from "../../shared/errors";
import { fieldErrorsOf } from "../../shared/validation";
import { AppError } from "./app-error";

/**
 * Reads a JSON request body and validates it with a shared schema: 415 for a
 * wrong content type, 400 for malformed JSON, 400 with per-field messages for
 * invalid fields.
 */
export async function readJson<T extends z.ZodType>(
  c: Context,
  schema: T,
  code: ErrorCode = "validation:request",
): Promise<z.output<T>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) throw new AppError("unsupported_media_type:api");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request:json");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new AppError(code, { fields: fieldErrorsOf(result.error) });
  return result.data;
}

import type { ErrorCode } from "../../../shared/errors";
import { AppError } from "../../http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The opaque ids we and better-auth make (share tokens, session ids): URL-safe letters and digits. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** An id from the URL; anything that cannot be one of ours is simply not found. */
export function idParam(value: string | undefined, notFound: ErrorCode): string {
  if (!value || !UUID.test(value)) throw new AppError(notFound);
  return value;
}

/** An opaque token from the URL, checked the same way before it reaches the database. */
export function tokenParam(value: string | undefined, notFound: ErrorCode): string {
  if (!value || !TOKEN.test(value)) throw new AppError(notFound);
  return value;
}

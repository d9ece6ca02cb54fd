import type { ErrorCode } from "../../../shared/errors";
import { AppError } from "../../http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the URL; anything that cannot be one of ours is simply not found. */
export function idParam(value: string | undefined, notFound: ErrorCode): string {
  if (!value || !UUID.test(value)) throw new AppError(notFound);
  return value;
}

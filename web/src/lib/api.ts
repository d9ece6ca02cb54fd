import type { ApiErrorBody, ErrorCode, FieldErrors } from "#shared/errors";
import { reportUnavailable } from "./connection";

/** An error the server sent in the shared shape, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "network",
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

/** JSON over fetch with the session cookie; throws ApiError for anything but 2xx. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network", "We could not reach the server. Check your connection and try again.");
  }
  if (response.ok) return (await response.json()) as T;
  throw await errorFrom(response);
}

const sessionEndedListeners = new Set<() => void>();

/** Runs `listener` whenever the server answers that this browser's session has ended (expired or revoked elsewhere). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/**
 * The ApiError a failed response carries, in the shared error shape; tells the
 * listeners when the session ended, and shows "Reconnecting…" while the
 * server's database is unavailable.
 */
export async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  const error = new ApiError(
    response.status,
    body?.error.code ?? "server:internal",
    body?.error.message ?? "Something went wrong on our side. Please try again.",
    body?.error.fields,
  );
  if (error.code === "unauthorized:session") for (const listener of sessionEndedListeners) listener();
  if (error.code === "server:database") reportUnavailable();
  return error;
}

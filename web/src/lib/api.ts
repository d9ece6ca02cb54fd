import type { ApiErrorBody, ErrorCode, FieldErrors } from "#shared/errors";
import { reportUnavailable } from "./connection";
import { listenerSet } from "./listeners";

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

/** What a request that never reached the server says. */
export const NETWORK_MESSAGE = "We could not reach the server. Check your connection and try again.";

/**
 * fetch with the session cookie. A refusal throws the ApiError it carries, a
 * dropped connection an ApiError with the code "network"; stopping it with the
 * signal throws the AbortError as it is.
 */
export async function apiFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, { credentials: "same-origin", ...init });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network", NETWORK_MESSAGE);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** The fetch options that send `body` as JSON; none without a body. */
export function jsonBody(body: unknown): RequestInit {
  return body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** JSON over fetch with the session cookie; throws ApiError for anything but 2xx. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await apiFetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    ...jsonBody(init.body),
    signal: init.signal,
  });
  return (await response.json()) as T;
}

const sessionEndedListeners = listenerSet();

/** Runs `listener` whenever the server answers that this browser's session has ended (expired or revoked elsewhere). */
export function onSessionEnded(listener: () => void): () => void {
  return sessionEndedListeners.add(listener);
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
  if (error.code === "unauthorized:session") sessionEndedListeners.notify();
  if (error.code === "server:database") reportUnavailable();
  return error;
}

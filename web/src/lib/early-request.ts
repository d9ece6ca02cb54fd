import { api } from "./api";

/**
 * Requests a page makes as soon as its code has arrived, started instead when the app starts, beside that code and
 * the session check rather than after them. The page takes each one once; a later read asks the server again.
 */

const started = new Map<string, Promise<unknown>>();

export function requestEarly(path: string) {
  if (started.has(path)) return;
  const request = api(path);
  request.catch(() => {}); // the page that takes it sees the failure; untaken, it is nobody's concern
  started.set(path, request);
}

export function takeEarly<T>(path: string): Promise<T> | undefined {
  const request = started.get(path);
  started.delete(path);
  return request as Promise<T> | undefined;
}

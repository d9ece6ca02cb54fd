import { useSyncExternalStore } from "react";

/**
 * Whether the server can reach its database. A 503 server:database answer (or
 * a session check that failed) puts the page in "reconnecting": a calm banner
 * shows, nothing signs the owner out, and the server's health is asked for
 * until it answers; then the page reloads what it could not load.
 */
export type ConnectionStatus = "online" | "reconnecting";

/** How often the health check is asked while reconnecting: quickly at first, then every few seconds. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 5000;

let status: ConnectionStatus = "online";
const statusListeners = new Set<() => void>();
const reconnectedListeners = new Set<() => void>();

function setStatus(next: ConnectionStatus) {
  status = next;
  for (const listener of statusListeners) listener();
}

/** The service answered that it cannot serve right now: show "Reconnecting…" and watch for its return. */
export function reportUnavailable() {
  if (status === "reconnecting") return;
  setStatus("reconnecting");
  void watchForRecovery();
}

async function watchForRecovery() {
  let delay = FIRST_RETRY_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    const healthy = await fetch("/api/health", { cache: "no-store" }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }
  setStatus("online");
  for (const listener of reconnectedListeners) listener();
}

/** Runs `listener` each time the service is back after being unavailable. */
export function onReconnected(listener: () => void): () => void {
  reconnectedListeners.add(listener);
  return () => {
    reconnectedListeners.delete(listener);
  };
}

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    () => status,
  );
}

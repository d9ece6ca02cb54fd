import { useSyncExternalStore } from "react";
import { listenerSet } from "./listeners";

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
const statusListeners = listenerSet();
const reconnectedListeners = listenerSet();

function setStatus(next: ConnectionStatus) {
  status = next;
  statusListeners.notify();
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
  reconnectedListeners.notify();
}

/** Runs `listener` each time the service is back after being unavailable. */
export function onReconnected(listener: () => void): () => void {
  return reconnectedListeners.add(listener);
}

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(statusListeners.add, () => status);
}

import { useEffect, useState } from "react";
import type { DueCount } from "#shared/numbers";
import { api } from "../../lib/api";

/**
 * The nav's check-in badge: how many values are due. Plain fetch, not the query cache, because the nav is on every
 * page, the landing page included, which keeps its budget.
 */
const listeners = new Set<() => void>();

/** Asks every badge to read the count again (after a check-in or a new metric). */
export function refreshDueCount() {
  for (const listener of listeners) listener();
}

export function useDueCount(enabled: boolean, path: string): number {
  const [due, setDue] = useState(0);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion((value) => value + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or a refresh reads the count again
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    api<DueCount>("/api/numbers/due", { signal: controller.signal })
      .then((count) => setDue(count.due))
      .catch(() => {});
    return () => controller.abort();
  }, [enabled, path, version]);
  return enabled ? due : 0;
}

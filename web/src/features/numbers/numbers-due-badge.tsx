import { useEffect, useState } from "react";
import type { DueCount } from "#shared/numbers";
import { api } from "../../lib/api";
import { listenerSet } from "../../lib/listeners";

/**
 * The nav's check-in badge: how many values are due. Its own chunk, loaded by the nav only for a signed-in owner, so
 * the landing page keeps its budget; plain fetch, not the query cache, for the same reason.
 */
const listeners = listenerSet();

/** Asks every badge to read the count again (after a check-in or a new metric). */
export function refreshDueCount() {
  listeners.notify();
}

export function NumbersDueBadge({ path }: { path: string }) {
  const [due, setDue] = useState(0);
  const [version, setVersion] = useState(0);
  useEffect(() => listeners.add(() => setVersion((value) => value + 1)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or a refresh reads the count again
  useEffect(() => {
    const controller = new AbortController();
    api<DueCount>("/api/numbers/due", { signal: controller.signal })
      .then((count) => setDue(count.due))
      .catch(() => {});
    return () => controller.abort();
  }, [path, version]);
  if (due === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
      {due}
      <span className="sr-only"> due for check-in</span>
    </span>
  );
}

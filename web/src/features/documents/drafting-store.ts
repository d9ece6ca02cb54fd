import { useSyncExternalStore } from "react";
import type { DocumentBody } from "#shared/documents";
import { listenerSet } from "../../lib/listeners";

/**
 * Draftings this tab is following, by document id: the part written so far. It lives outside the page so the
 * stream survives the move from /documents/new to the document's own address.
 */

type Live = { body: DocumentBody | undefined };

let live = new Map<string, Live>();
const listeners = listenerSet();

function emit(next: Map<string, Live>) {
  live = next;
  listeners.notify();
}

export function setLiveDraft(id: string, body: DocumentBody | undefined) {
  emit(new Map(live).set(id, { body }));
}

export function endLiveDraft(id: string) {
  const next = new Map(live);
  next.delete(id);
  emit(next);
}

export function useLiveDraft(id: string | undefined): Live | undefined {
  return useSyncExternalStore(listeners.add, () => (id ? live.get(id) : undefined));
}

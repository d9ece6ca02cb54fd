/**
 * Whether an owner's last turn with a director had anything for retrieval to
 * search, remembered by this process. A turn asks for its question's embedding
 * before its state is read, so the request overlaps the turn's statements; for
 * an owner with nothing to search (the profile and this director's answers go
 * with every question whole) that request would be wasted, and its reply would
 * land on the event loop just as the chat request goes out. The hint only
 * decides whether to ask early: the turn's state always decides whether
 * retrieval runs, so a stale hint costs time, never an answer's context.
 */
export type RetrievalHints = {
  /** True (ask early) unless this owner's last turn with this director found nothing to search. */
  worthAskingEarly(userId: string, directorId: string): boolean;
  remember(userId: string, directorId: string, retrievable: boolean): void;
};

/** Enough for every owner active lately; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

export function createRetrievalHints(maxEntries = MAX_ENTRIES): RetrievalHints {
  const nothingToSearch = new Set<string>();
  const keyOf = (userId: string, directorId: string) => `${userId}\n${directorId}`;
  return {
    worthAskingEarly: (userId, directorId) => !nothingToSearch.has(keyOf(userId, directorId)),
    remember(userId, directorId, retrievable) {
      const key = keyOf(userId, directorId);
      nothingToSearch.delete(key);
      if (retrievable) return;
      nothingToSearch.add(key);
      if (nothingToSearch.size > maxEntries) nothingToSearch.delete(nothingToSearch.values().next().value as string);
    },
  };
}

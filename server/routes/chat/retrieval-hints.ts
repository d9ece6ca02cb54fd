import { FOLLOW_UP_MAX_CHARS, FOLLOW_UP_QUESTIONS, followUpText } from "../../ai/retrieval";

/**
 * What this process remembers of an owner's last turn with a director, to ask
 * for embeddings before the turn's state is read (the request then overlaps the
 * turn's statements): whether there was anything for retrieval to search, and
 * the conversation's latest questions, which word a follow-up's search. For an
 * owner with nothing to search (the profile and this director's answers go with
 * every question whole) an early request would be wasted, and its reply would
 * land on the event loop just as the chat request goes out. A hint only decides
 * what to ask early: the turn's state always decides whether retrieval runs and
 * what it searches (an embedding asked for a wording that turns out different is
 * not used, and the right one is asked for then), so a stale hint costs time,
 * never an answer's context.
 */
export type RetrievalHints = {
  /** True (ask early) unless this owner's last turn with this director found nothing to search. */
  worthAskingEarly(userId: string, directorId: string): boolean;
  remember(userId: string, directorId: string, retrievable: boolean): void;
  /**
   * The follow-up wording retrieval will search for a new question in this conversation (the director's current one
   * when none is named), from its latest questions as this process last saw them; undefined when it has not seen it.
   */
  followUpFor(
    userId: string,
    directorId: string,
    conversationId: string | undefined,
    question: string,
  ): string | undefined;
  /** The conversation's latest questions once this turn's question is in it. */
  rememberQuestions(userId: string, directorId: string, conversationId: string, questions: readonly string[]): void;
};

/** Enough for every owner active lately; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

export function createRetrievalHints(maxEntries = MAX_ENTRIES): RetrievalHints {
  const nothingToSearch = new Set<string>();
  const conversations = new Map<string, { conversationId: string; questions: string[] }>();
  const keyOf = (userId: string, directorId: string) => `${userId}\n${directorId}`;
  const bounded = (entries: Set<string> | Map<string, unknown>) => {
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };
  return {
    worthAskingEarly: (userId, directorId) => !nothingToSearch.has(keyOf(userId, directorId)),
    remember(userId, directorId, retrievable) {
      const key = keyOf(userId, directorId);
      nothingToSearch.delete(key);
      if (retrievable) return;
      nothingToSearch.add(key);
      bounded(nothingToSearch);
    },
    followUpFor(userId, directorId, conversationId, question) {
      const known = conversations.get(keyOf(userId, directorId));
      if (!known || (conversationId !== undefined && conversationId !== known.conversationId)) return undefined;
      return followUpText(question, known.questions);
    },
    rememberQuestions(userId, directorId, conversationId, questions) {
      const key = keyOf(userId, directorId);
      conversations.delete(key);
      // No more than followUpText reads of them.
      const latest = questions.slice(-FOLLOW_UP_QUESTIONS).map((text) => text.trim().slice(-FOLLOW_UP_MAX_CHARS));
      conversations.set(key, { conversationId, questions: latest });
      bounded(conversations);
    },
  };
}

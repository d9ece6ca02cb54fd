import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { DirectorKnowledge } from "#shared/key-fact-status";
import type {
  ConversationMemory,
  FactChangeInput,
  KeyFactAnswerInput,
  KnowledgeOverview,
  MemorySettingsInput,
  NewFactInput,
  RememberedFact,
} from "#shared/memory";
import { api } from "../../lib/api";

export const KNOWLEDGE_QUERY_KEY = ["memory"] as const;
export const conversationMemoryKey = (conversationId: string) => ["memory", "conversation", conversationId] as const;
/** The directors list (/select-department, the chat) carries each director's key facts. */
const DIRECTORS_QUERY_KEY = ["directors"] as const;

/** While an answer's facts are being noted, the browser asks again this often. */
const NOTING_POLL_MS = 1500;

/** Everything the directors know (GET /api/memory), for Settings. */
export function useKnowledge() {
  return useQuery({ queryKey: KNOWLEDGE_QUERY_KEY, queryFn: () => api<KnowledgeOverview>("/api/memory") });
}

/** What each answer of a conversation learned; asks again while an answer's facts are still being noted. */
export function useConversationMemory(conversationId: string | undefined) {
  return useQuery({
    queryKey: conversationMemoryKey(conversationId ?? "none"),
    queryFn: ({ signal }) =>
      api<ConversationMemory>(`/api/memory/conversations/${encodeURIComponent(conversationId ?? "")}`, { signal }),
    enabled: conversationId !== undefined,
    // Each answer's line mounts as the answer ends and must read afresh: a copy from the previous answer, however
    // recent, does not know this one yet.
    staleTime: 0,
    refetchInterval: (query) =>
      Object.values(query.state.data?.answers ?? {}).some((answer) => answer.state === "pending")
        ? NOTING_POLL_MS
        : false,
  });
}

/** After a fact changes, everything that shows facts or key facts reads them again. */
export function refreshKnowledge(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: DIRECTORS_QUERY_KEY }),
  ]);
}

export function addFact(input: NewFactInput) {
  return api<RememberedFact>("/api/memory/facts", { body: input });
}

export function changeFact(id: string, change: FactChangeInput) {
  return api<RememberedFact>(`/api/memory/facts/${encodeURIComponent(id)}`, { method: "PATCH", body: change });
}

export function deleteFact(id: string) {
  return api<{ ok: true }>(`/api/memory/facts/${encodeURIComponent(id)}`, { method: "DELETE", body: {} });
}

export function saveMemorySettings(input: MemorySettingsInput) {
  return api<MemorySettingsInput>("/api/memory/settings", { method: "PUT", body: input });
}

export function answerKeyFact(input: KeyFactAnswerInput) {
  return api<{ fact: RememberedFact; knowledge: DirectorKnowledge }>("/api/memory/key-facts", { body: input });
}

export function notNow(keyFact: string) {
  return api<{ hiddenUntil: string }>("/api/memory/key-facts/not-now", { body: { keyFact } });
}

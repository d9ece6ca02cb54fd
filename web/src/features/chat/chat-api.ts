import { type QueryClient, useQuery } from "@tanstack/react-query";
import { DefaultChatTransport, type UIMessage } from "ai";
import type {
  AnswerFeedbackInput,
  AnswerStatusData,
  ChatAnswerMetadata,
  ChatHistory,
  ChatMessage,
  ChatTurnInput,
  ConversationShare,
  ConversationSummary,
  SearchHit,
} from "#shared/chat";
import type { DirectorListResponse } from "#shared/director-states";
import type { DirectorId } from "#shared/directors";
import { api, apiFetch } from "../../lib/api";

/** A message as the chat screen holds it: the AI SDK's UI message with our stored fields as metadata. */
export type ChatUIMessage = UIMessage<
  ChatAnswerMetadata & Pick<ChatMessage, "versions" | "rating" | "ratingReason" | "directorId">,
  { status: AnswerStatusData }
>;

export const chatHistoryKey = (directorId: DirectorId, conversationId: string | undefined) =>
  ["chat", directorId, conversationId ?? "current"] as const;
export const conversationListKey = ["conversations"] as const;

/** A conversation with one director, oldest first: the one asked for, or the director's current one. */
export function useChatHistory(directorId: DirectorId | undefined, conversationId: string | undefined) {
  return useQuery({
    queryKey: chatHistoryKey(directorId ?? "martha", conversationId),
    queryFn: ({ signal }) =>
      api<ChatHistory>(
        `/api/chat/${directorId}${conversationId ? `?conversation=${encodeURIComponent(conversationId)}` : ""}`,
        { signal },
      ),
    enabled: directorId !== undefined,
    staleTime: 0,
  });
}

/**
 * Every conversation, the most recently active first. Right after a first
 * answer the model is still naming the conversation: the list asks again a
 * few times until it has a name.
 */
export function useConversationList(options: { waitForTitles: boolean }) {
  return useQuery({
    queryKey: conversationListKey,
    queryFn: ({ signal }) => api<{ conversations: ConversationSummary[] }>("/api/conversations", { signal }),
    select: (data) => data.conversations,
    refetchInterval: (query) => {
      if (!options.waitForTitles) return false;
      const recent = Date.now() - 20_000;
      const naming = query.state.data?.conversations.some(
        (conversation) => conversation.titleSource === "question" && Date.parse(conversation.updatedAt) > recent,
      );
      return naming ? 2000 : false;
    },
  });
}

/** The list's copy of a conversation just opened loses its "New" flag, as the server's did. */
export function clearNewFlag(client: QueryClient, conversationId: string) {
  client.setQueryData<{ conversations: ConversationSummary[] }>(conversationListKey, (data) =>
    data?.conversations.some((conversation) => conversation.id === conversationId && conversation.isNew)
      ? {
          conversations: data.conversations.map((conversation) =>
            conversation.id === conversationId ? { ...conversation, isNew: false } : conversation,
          ),
        }
      : data,
  );
}

/** Every director with this owner's state for it, for the sidebar. */
export function useDirectorList() {
  return useQuery({
    queryKey: ["directors"],
    queryFn: ({ signal }) => api<DirectorListResponse>("/api/directors", { signal }),
  });
}

export function clearConversation(directorId: DirectorId) {
  return api<{ ok: true }>(`/api/chat/${directorId}/clear`, { method: "POST", body: {} });
}

export function renameConversation(id: string, title: string) {
  return api<ConversationSummary>(`/api/conversations/${id}`, { method: "PATCH", body: { title } });
}

export function deleteConversation(id: string) {
  return api<{ ok: true }>(`/api/conversations/${id}`, { method: "DELETE", body: {} });
}

export function restoreConversation(id: string) {
  return api<ConversationSummary>(`/api/conversations/${id}/restore`, { method: "POST", body: {} });
}

export function shareConversation(id: string) {
  return api<ConversationShare>(`/api/conversations/${id}/share`, { method: "POST", body: {} });
}

export function revokeShare(token: string) {
  return api<{ ok: true }>(`/api/shares/${encodeURIComponent(token)}`, { method: "DELETE", body: {} });
}

export function searchConversations(query: string, signal: AbortSignal) {
  return api<{ hits: SearchHit[] }>(`/api/conversations/search?q=${encodeURIComponent(query)}`, { signal });
}

/** Where a conversation downloads as Markdown or PDF, with dates in this browser's time zone. */
export function exportUrl(id: string, format: "md" | "pdf") {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `/api/conversations/${id}/export?format=${format}&tz=${encodeURIComponent(timeZone)}`;
}

export function rateAnswer(messageId: string, input: AnswerFeedbackInput) {
  return api<{ rating: string | null }>(`/api/messages/${messageId}/feedback`, { method: "PUT", body: input });
}

export function showVersion(messageId: string) {
  return api<{ conversationId: string }>(`/api/messages/${messageId}/show`, { method: "POST", body: {} });
}

export function stopAnswer(messageId: string) {
  return api<{ ok: true }>(`/api/messages/${messageId}/stop`, { method: "POST", body: {} });
}

/** The link a shared conversation is read at. */
export function shareUrl(token: string) {
  return `${window.location.origin}/shared/${token}`;
}

export function toUIMessage(message: ChatMessage): ChatUIMessage {
  return {
    id: message.id,
    role: message.sender === "user" ? "user" : "assistant",
    parts: [{ type: "text", text: message.content }],
    metadata: {
      messageId: message.id,
      createdAt: message.createdAt,
      status: message.status,
      errorCode: message.errorCode,
      versions: message.versions,
      rating: message.rating,
      ratingReason: message.ratingReason,
      directorId: message.directorId,
      sources: message.sources,
    },
  };
}

/** What the next request is about: which conversation, and whether it edits the last question. */
export type TurnTarget = { conversationId: string | undefined; edit: boolean };

/**
 * The useChat transport for one director. The server keeps the history, so a
 * request carries only the new text (or `retry` for regenerate, `edit` for an
 * edited question) and the conversation. Reconnecting reads the answer the
 * conversation is writing from its first word. Refusals before the stream
 * starts arrive as the shared JSON error shape and become ApiErrors, like
 * every other API call.
 */
export function chatTransport(directorId: DirectorId, target: () => TurnTarget) {
  return new DefaultChatTransport<ChatUIMessage>({
    api: `/api/chat/${directorId}/messages`,
    credentials: "same-origin",
    prepareSendMessagesRequest: ({ messages, trigger }) => {
      const last = messages.at(-1);
      const text = last?.parts.map((part) => (part.type === "text" ? part.text : "")).join("") ?? "";
      const { conversationId, edit } = target();
      const body: ChatTurnInput =
        trigger === "regenerate-message"
          ? { retry: true, conversationId }
          : { text, conversationId, edit: edit || undefined };
      return { body };
    },
    prepareReconnectToStreamRequest: () => ({
      api: `/api/conversations/${encodeURIComponent(target().conversationId ?? "none")}/stream`,
      credentials: "same-origin",
    }),
    fetch: (input, init) => apiFetch(input, init),
  });
}

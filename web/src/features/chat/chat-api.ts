import { useQuery } from "@tanstack/react-query";
import { DefaultChatTransport, type UIMessage } from "ai";
import type { ChatAnswerMetadata, ChatHistory, ChatMessage, ChatTurnInput } from "../../../../shared/chat";
import type { DirectorListResponse } from "../../../../shared/director-states";
import type { DirectorId } from "../../../../shared/directors";
import { ApiError, api, errorFrom } from "../../lib/api";

/** A message as the chat screen holds it: the AI SDK's UI message with our stored fields as metadata. */
export type ChatUIMessage = UIMessage<ChatAnswerMetadata>;

export const chatHistoryKey = (directorId: DirectorId) => ["chat", directorId] as const;

/** The active conversation with one director, oldest first; fetched again whenever the director is opened. */
export function useChatHistory(directorId: DirectorId | undefined) {
  return useQuery({
    queryKey: chatHistoryKey(directorId ?? "martha"),
    queryFn: ({ signal }) => api<ChatHistory>(`/api/chat/${directorId}`, { signal }),
    enabled: directorId !== undefined,
    staleTime: 0,
  });
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
    },
  };
}

/**
 * The useChat transport for one director. The server keeps the history, so a
 * request carries only the new text (or `retry` for regenerate). Refusals
 * before the stream starts arrive as the shared JSON error shape and become
 * ApiErrors, like every other API call.
 */
export function chatTransport(directorId: DirectorId) {
  return new DefaultChatTransport<ChatUIMessage>({
    api: `/api/chat/${directorId}/messages`,
    credentials: "same-origin",
    prepareSendMessagesRequest: ({ messages, trigger }) => {
      const last = messages.at(-1);
      const text = last?.parts.map((part) => (part.type === "text" ? part.text : "")).join("") ?? "";
      const body: ChatTurnInput = trigger === "regenerate-message" ? { retry: true } : { text };
      return { body };
    },
    fetch: async (input, init) => {
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        if ((error as Error).name === "AbortError") throw error;
        throw new ApiError(0, "network", "We could not reach the server. Check your connection and try again.");
      }
      if (response.ok) return response;
      throw await errorFrom(response);
    },
  });
}

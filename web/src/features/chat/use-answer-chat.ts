import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AnswerPhase, AnswerStatusData } from "#shared/chat";
import type { Director } from "#shared/directors";
import { ERRORS, type ErrorCode, isErrorCode } from "#shared/errors";
import { errorToast, toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { usePlanErrorRedirect } from "../../lib/plan-redirect";
import {
  type ChatUIMessage,
  chatTransport,
  conversationListKey,
  stopAnswer,
  type TurnTarget,
  toUIMessage,
  type useChatHistory,
} from "./chat-api";

/** Refusals that happen before the message is stored: the text goes back into the box. */
const NOT_STORED: readonly ErrorCode[] = [
  "rate_limit:chat",
  "validation:chat",
  "unauthorized:session",
  "conflict:answer_in_progress",
];

/**
 * The conversation's messages as useChat holds them, with what the server
 * adds: the stored history shown once the welcome message is up, an answer
 * still being written resumed from its first word (after a reload, on
 * another device, after a dropped connection), what the answer is doing
 * before its first words, Stop that stops the answer on the server, and
 * regenerate, retry and edit of the last exchange.
 */
export function useAnswerChat(input: {
  chatId: string;
  director: Director | undefined;
  history: ReturnType<typeof useChatHistory>;
  /** The stored history may be shown (the welcome message is up). */
  ready: boolean;
}) {
  const { director, history, ready } = input;
  const queryClient = useQueryClient();
  const redirectForPlan = usePlanErrorRedirect();
  const [phase, setPhase] = useState<AnswerPhase>("reading");
  // While the AI service is busy: when (Date.now()) it is asked again.
  const [retryAt, setRetryAt] = useState<number | undefined>();
  const [restore, setRestore] = useState<{ text: string } | null>(null);
  const lastSent = useRef("");
  // The conversation the next request goes to; a new conversation learns its id from its first answer.
  const target = useRef<TurnTarget>({ conversationId: undefined, edit: false });
  const [conversationId, setConversationId] = useState<string | undefined>(undefined);
  const storedId = history.data?.conversation?.id;
  useEffect(() => {
    if (storedId) {
      target.current.conversationId = storedId;
      setConversationId(storedId);
    }
  }, [storedId]);

  const transport = useMemo(
    () => (director ? chatTransport(director.id, () => target.current) : undefined),
    [director],
  );
  const refresh = useCallback(() => {
    void history.refetch();
    void queryClient.invalidateQueries({ queryKey: conversationListKey });
  }, [history, queryClient]);

  const chat = useChat<ChatUIMessage>({
    id: input.chatId,
    transport,
    onData: (part) => {
      if (part.type !== "data-status") return;
      const data = part.data as AnswerStatusData;
      setPhase(data.phase);
      setRetryAt(data.retryInMs === undefined ? undefined : Date.now() + data.retryInMs);
    },
    onError: (error) => {
      if (redirectForPlan(error)) return;
      // A dropped connection: the answer goes on on the server, so read it again from where it is.
      if (error instanceof TypeError) {
        setTimeout(() => void chat.resumeStream(), 1000);
        return;
      }
      const code = codeOf(error);
      if (code && NOT_STORED.includes(code)) setRestore({ text: lastSent.current });
      if (code === "rate_limit:chat") {
        toast({ title: "Too many messages", description: ERRORS[code].message, variant: "destructive" });
      } else if (error instanceof ApiError && error.code === "network") {
        errorToast(error.message);
      } else if (error instanceof ApiError) {
        errorToast(code ? ERRORS[code].message : ERRORS["ai:unavailable"].message);
      }
      // Otherwise the answer itself failed: it says so in its place, with Retry, so no toast repeats it.
      if (code === "conflict:answer_in_progress") refresh();
    },
    onFinish: ({ isAbort, message }) => {
      target.current.edit = false;
      const started = message.metadata?.conversationId;
      if (started && !target.current.conversationId) {
        target.current.conversationId = started;
        setConversationId(started);
      }
      if (isAbort) {
        chat.setMessages(markLastAnswerStopped);
        return;
      }
      // The server has stored the turn by now; show it as stored (times, ids, versions, failed answers).
      refresh();
    },
  });
  const { setMessages, clearError, status } = chat;
  const answering = status === "submitted" || status === "streaming";

  // Show the stored conversation, under the welcome message, whenever it (re)loads and no answer is streaming;
  // an answer still being written is then followed live from its first word.
  const seededAt = useRef(0);
  useEffect(() => {
    if (!ready || !history.data || history.dataUpdatedAt === seededAt.current || answering) return;
    seededAt.current = history.dataUpdatedAt;
    const messages = history.data.messages.map(toUIMessage);
    setMessages(messages);
    clearError();
    if (messages.at(-1)?.metadata?.status === "streaming") {
      setPhase("writing");
      void chat.resumeStream();
    }
  }, [ready, history.data, history.dataUpdatedAt, answering, setMessages, clearError, chat]);

  const send = useCallback(
    (text: string) => {
      lastSent.current = text;
      setPhase("reading");
      void chat.sendMessage({ text, metadata: { createdAt: new Date().toISOString(), status: "complete" } });
    },
    [chat],
  );

  /** Answers the last question again: in place of an answer that did not finish, or as a new version. */
  const regenerate = useCallback(() => {
    setPhase("reading");
    void chat.regenerate();
  }, [chat]);

  /** The last question as new text; the earlier exchange stays as a version. */
  const edit = useCallback(
    (messageId: string, text: string) => {
      lastSent.current = text;
      target.current.edit = true;
      setPhase("reading");
      void chat.sendMessage({
        text,
        messageId,
        metadata: { createdAt: new Date().toISOString(), status: "complete" },
      });
    },
    [chat],
  );

  /** Stop stops the answer on the server; the stream then ends with the answer as stored. */
  const stop = useCallback(async () => {
    const answerId = chat.messages.at(-1)?.metadata?.messageId;
    if (chat.messages.at(-1)?.role === "assistant" && answerId) {
      try {
        await stopAnswer(answerId);
        return;
      } catch {
        // Fall through: at least stop reading.
      }
    }
    await chat.stop();
    refresh();
  }, [chat, refresh]);

  const startNew = useCallback(() => {
    target.current = { conversationId: undefined, edit: false };
    setConversationId(undefined);
    setMessages([]);
  }, [setMessages]);

  return {
    chat,
    messages: chat.messages,
    status,
    answering,
    phase,
    retryAt: phase === "busy" ? retryAt : undefined,
    restore,
    conversationId,
    send,
    regenerate,
    edit,
    stop,
    startNew,
    refresh,
  };
}

/** The shared code of a refused request (ApiError) or of a stream error part (its text is the code). */
export function codeOf(error: Error): ErrorCode | undefined {
  if (error instanceof ApiError) return error.code === "network" ? undefined : error.code;
  return isErrorCode(error.message) ? error.message : undefined;
}

/** After a stop without the server: the answer (or the question, if nothing had arrived yet) is marked stopped. */
function markLastAnswerStopped(messages: ChatUIMessage[]): ChatUIMessage[] {
  const last = messages.at(-1);
  const createdAt = new Date().toISOString();
  if (last?.role === "assistant") {
    return [...messages.slice(0, -1), { ...last, metadata: { ...last.metadata, status: "stopped", createdAt } }];
  }
  return [
    ...messages,
    {
      id: `stopped-${createdAt}`,
      role: "assistant",
      parts: [{ type: "text", text: "" }],
      metadata: { status: "stopped", createdAt },
    },
  ];
}

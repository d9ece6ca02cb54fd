import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { WELCOME_MESSAGE_DELAY_MS } from "#shared/constants";
import type { Director, DirectorId } from "#shared/directors";
import { ERRORS } from "#shared/errors";
import { Icon } from "../../components/ui/icon";
import { arrowDownIcon } from "../../components/ui/page-icons";
import { errorToast, toast } from "../../components/ui/use-toast";
import { lazyNamed } from "../../lib/lazy-named";
import { usePlanErrorRedirect } from "../../lib/plan-redirect";
import { usePublicConfig } from "../../lib/use-public-config";
import { LearningNote } from "../directors/learning-note";
import { AnswerAnnouncer } from "./answer-announcer";
import {
  type ChatUIMessage,
  chatHistoryKey,
  clearConversation,
  clearNewFlag,
  conversationListKey,
  useChatHistory,
} from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { ChatBubble } from "./chat-message";
import { ChatReady } from "./chat-ready";
import { ConversationHeader } from "./conversation-header";
import { ConversationSkeleton, EmptyState, LoadErrorAlert, UntrainedNote } from "./conversation-states";
import { MessageItem, preloadMessageParts, textOf } from "./message-item";
import { Sheet } from "./sheet";
import { PromptList, SuperpowersPanel } from "./superpowers-panel";
import { codeOf, useAnswerChat } from "./use-answer-chat";
import { useFollowLatest } from "./use-follow-latest";
import { welcomeMessage } from "./welcome-message";

// Only a director outside the plan, or not offered yet, shows it.
const LockedDirector = lazyNamed(() => import("./locked-director"), "LockedDirector");

const LOAD_FAILED = ERRORS["not_found:director"].message;

type ConversationProps = {
  requestedId: string;
  director: Director | undefined;
  /** One of the owner's conversations; without it, the director's current one. */
  conversationId: string | undefined;
  /** A message to bring into view and highlight (a search result). */
  messageId: string | undefined;
  onSelect: (id: DirectorId) => void;
  /** Shows the director's current (or a new) conversation. */
  onOpenCurrent: () => void;
  /** The phone's history sheet. */
  onOpenHistory: () => void;
  /** Tells the page which conversation is on screen, for the history list. */
  onShowing: (conversationId: string | undefined) => void;
  /** A document is open in the pane beside the conversation. */
  besideDocument?: boolean;
};

/**
 * One conversation with a director and its "Superpowers" panel. Mounted once
 * per director and conversation, so opening one starts from a clean state:
 * skeleton, then the welcome message after the spec's delay, then the stored
 * history under it, scrolled to the latest message.
 */
export function Conversation(props: ConversationProps) {
  const { requestedId, director } = props;
  const config = usePublicConfig();
  const history = useChatHistory(director?.id, props.conversationId);
  const queryClient = useQueryClient();
  const redirectForPlan = usePlanErrorRedirect();
  const [welcomeShown, setWelcomeShown] = useState(false);
  const [editing, setEditing] = useState<string | undefined>();
  const [superpowersOpen, setSuperpowersOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setWelcomeShown(true), WELCOME_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const answers = useAnswerChat({
    chatId: `chat-${requestedId}-${props.conversationId ?? "current"}`,
    director,
    history,
    ready: welcomeShown,
  });
  const { messages, status, answering } = answers;
  const { onShowing } = props;
  useEffect(() => onShowing(answers.conversationId), [answers.conversationId, onShowing]);

  const loadError = !director ? LOAD_FAILED : history.isError ? loadErrorMessage(history.error) : undefined;
  const inError = loadError !== undefined;
  // A director outside the plan, or not offered yet, is a locked state with a way on, not an error.
  const locked = history.isError ? lockedReason(history.error) : undefined;
  const toastedError = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (history.isError && redirectForPlan(history.error)) return;
    if (locked) return;
    // Once per failure, however often the effect runs again.
    if (loadError && toastedError.current !== loadError) errorToast(loadError);
    toastedError.current = loadError;
  }, [loadError, locked, history.isError, history.error, redirectForPlan]);

  const loading = !inError && (history.isPending || config.isPending || !welcomeShown);
  const canSend = !loading && !inError && !answering && editing === undefined;

  // Opening a scheduled answer marks it seen on the server: the list stops flagging it as new.
  const openedId = history.data?.conversation?.id;
  useEffect(() => {
    if (openedId) clearNewFlag(queryClient, openedId);
  }, [openedId, queryClient]);

  const storedMessages = history.data?.messages.length ?? 0;
  useEffect(() => {
    if (storedMessages > 0) preloadMessageParts();
  }, [storedMessages]);

  const send = useCallback(
    (text: string) => {
      if (!canSend || text.trim() === "") return;
      preloadMessageParts();
      answers.send(text);
    },
    [canSend, answers],
  );

  const clear = async () => {
    if (!director) return;
    try {
      if (answering) await answers.stop();
      await clearConversation(director.id);
      answers.startNew();
      queryClient.setQueryData(chatHistoryKey(director.id, undefined), (old: typeof history.data) =>
        old ? { ...old, conversation: null, messages: [] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: conversationListKey });
      if (props.conversationId) props.onOpenCurrent();
      toast({ title: "Conversation cleared", description: "Started a new conversation with this director." });
    } catch (error) {
      if (!redirectForPlan(error)) errorToast((error as Error).message);
    }
  };

  const last = messages.at(-1);
  const lastQuestionId = messages.findLast((message) => message.role === "user")?.id;
  const retryable =
    !answering &&
    last?.role === "assistant" &&
    ["failed", "stopped", "interrupted"].includes(last.metadata?.status ?? "");

  const follow = useFollowLatest({
    messages,
    ready: welcomeShown && !loading,
    status,
    highlightId: props.messageId,
  });

  const retryAt = answers.retryAt;
  const retry = retryAt === undefined ? undefined : { at: retryAt, onStop: () => void answers.stop() };

  const firstAt = messages[0]?.metadata?.createdAt;
  // The welcome message sits above the history and never shows a time later than the messages under it.
  const welcomeAt = firstAt && Date.parse(firstAt) < Date.now() ? firstAt : undefined;
  const conversation = history.data?.conversation ?? undefined;

  return (
    <ChatReady value={inError || !loading}>
      <section className="flex min-w-0 flex-1 flex-col bg-slate-50" aria-labelledby="chat-heading">
        <ConversationHeader
          director={director}
          requestedId={requestedId}
          conversation={messages.length > 0 ? conversation : undefined}
          clearDisabled={!director || loading || inError}
          onSelect={props.onSelect}
          onOpenHistory={props.onOpenHistory}
          onClear={clear}
          onChanged={() => void history.refetch()}
          onDeleted={props.onOpenCurrent}
        />

        <div className="relative min-h-0 flex-1">
          {/* A region the keyboard reaches and scrolls (arrows, Page Up/Down, Home/End), long answers included. */}
          <section
            ref={follow.scroller}
            onScroll={follow.onScroll}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling conversation must be reachable by keyboard.
            tabIndex={0}
            aria-label={director ? `Messages with ${director.name}` : "Messages"}
            className="h-full overflow-y-auto focus-visible:outline-offset-[-2px]"
          >
            <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
              {locked && director ? (
                <Suspense fallback={<ConversationSkeleton />}>
                  <LockedDirector director={director} reason={locked} />
                </Suspense>
              ) : inError ? (
                <LoadErrorAlert message={loadError} onRetry={director ? () => void history.refetch() : undefined} />
              ) : loading && messages.length === 0 ? (
                <ConversationSkeleton />
              ) : director ? (
                <>
                  {history.data?.trained === false ? <UntrainedNote director={director} /> : null}
                  {history.data?.trained ? <LearningNote director={director} /> : null}
                  <ol aria-label={`Conversation with ${director.name}`} className="space-y-5">
                    {welcomeShown && config.data ? (
                      <ChatBubble
                        director={director}
                        sender="ai"
                        text={welcomeMessage(director, config.data, history.data?.trained !== false)}
                        createdAt={welcomeAt}
                      />
                    ) : null}
                    {messages.map((message) => (
                      <MessageItem
                        key={message.id}
                        message={message}
                        director={director}
                        conversationId={answers.conversationId}
                        question={questionBefore(messages, message)}
                        isLast={message === last}
                        isLastQuestion={message.id === lastQuestionId}
                        answering={answering}
                        phase={answers.phase}
                        retry={retry}
                        editing={editing === message.id}
                        highlighted={isSearchHit(message, props.messageId)}
                        onRetry={retryable && message === last ? answers.regenerate : undefined}
                        onRegenerate={answers.regenerate}
                        onEdit={() => setEditing(message.id)}
                        onCancelEdit={() => setEditing(undefined)}
                        onSendEdit={(text) => {
                          setEditing(undefined);
                          answers.edit(message.id, text);
                        }}
                        onVersionShown={answers.refresh}
                      />
                    ))}
                    {status === "submitted" && last?.role !== "assistant" ? (
                      <ChatBubble
                        director={director}
                        sender="ai"
                        text=""
                        status="streaming"
                        phase={answers.phase}
                        retry={retry}
                        createdAt={undefined}
                      />
                    ) : null}
                  </ol>
                  {messages.length === 0 && !answering ? (
                    <EmptyState director={director} disabled={!canSend} onPrompt={send} />
                  ) : null}
                </>
              ) : null}
            </div>
          </section>
          {follow.away ? (
            <button
              type="button"
              onClick={follow.jump}
              className="absolute bottom-4 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-md hover:bg-slate-50"
            >
              <Icon drawing={arrowDownIcon} className="h-4 w-4" />
              Jump to latest
            </button>
          ) : null}
        </div>

        {director ? (
          <AnswerAnnouncer director={director} messages={messages} answering={answering} phase={answers.phase} />
        ) : null}
        {director ? (
          <ChatComposer
            key={director.id}
            director={director}
            canSend={canSend}
            answering={answering}
            onSend={send}
            onStop={() => void answers.stop()}
            restore={answers.restore}
            onOpenSuperpowers={() => setSuperpowersOpen(true)}
          />
        ) : null}
      </section>
      {director ? (
        <Sheet open={superpowersOpen} onOpenChange={setSuperpowersOpen} title="Superpowers" side="bottom">
          <PromptList
            prompts={director.prompts}
            disabled={!canSend}
            onPrompt={(text) => {
              setSuperpowersOpen(false);
              send(text);
            }}
            className="grid gap-2 p-4"
          />
        </Sheet>
      ) : null}
      <SuperpowersPanel
        director={director}
        promptsDisabled={loading || inError || answering}
        clearDisabled={!director || loading || inError}
        onPrompt={send}
        onClear={clear}
        besideDocument={props.besideDocument}
      />
    </ChatReady>
  );
}

/** The message a search result pointed at; a question not yet stored (no id either side) is not one. */
function isSearchHit(message: ChatUIMessage, hitId: string | undefined): boolean {
  return hitId !== undefined && (message.metadata?.messageId === hitId || message.id === hitId);
}

function lockedReason(error: Error): "plan" | "coming_soon" | undefined {
  const code = codeOf(error);
  if (code === "plan:director_limit") return "plan";
  if (code === "director:unavailable") return "coming_soon";
  return undefined;
}

function loadErrorMessage(error: Error): string {
  const code = codeOf(error);
  if (code === "plan:director_limit" || code === "director:unavailable" || code === "not_found:conversation") {
    return ERRORS[code].message;
  }
  return LOAD_FAILED;
}

/** The question an answer replies to: the owner's message just before it. */
function questionBefore(list: ChatUIMessage[], message: ChatUIMessage): string | undefined {
  if (message.role !== "assistant") return undefined;
  const index = list.indexOf(message);
  const before = list.slice(0, index).findLast((candidate) => candidate.role === "user");
  return before ? textOf(before) : undefined;
}

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { WELCOME_MESSAGE_DELAY_MS } from "../../../../shared/constants";
import type { Director, DirectorId } from "../../../../shared/directors";
import { ERRORS } from "../../../../shared/errors";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { errorToast, toast } from "../../components/ui/use-toast";
import { usePlanErrorRedirect } from "../plans/plan-redirect";
import { usePublicConfig } from "../shell/use-public-config";
import { type ChatUIMessage, chatHistoryKey, clearConversation, conversationListKey, useChatHistory } from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { ChatBubble } from "./chat-message";
import { ConversationMenu } from "./conversation-menu";
import { DirectorAvatar } from "./director-avatar";
import { DirectorSwitcher } from "./director-switcher";
import { LockedDirector } from "./locked-director";
import {
  AnswerFeedback,
  CopyButton,
  EditButton,
  QuestionEditor,
  RegenerateButton,
  VersionSwitcher,
} from "./message-actions";
import { Sheet } from "./sheet";
import { PromptButton, SuperpowersPanel } from "./superpowers-panel";
import { codeOf, useAnswerChat } from "./use-answer-chat";
import { useFollowLatest } from "./use-follow-latest";
import { welcomeMessage } from "./welcome-message";

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

  const send = useCallback(
    (text: string) => {
      if (!canSend || text.trim() === "") return;
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

  const firstAt = messages[0]?.metadata?.createdAt;
  // The welcome message sits above the history and never shows a time later than the messages under it.
  const welcomeAt = firstAt && Date.parse(firstAt) < Date.now() ? firstAt : undefined;
  const conversation = history.data?.conversation ?? undefined;

  return (
    <>
      <section className="flex min-w-0 flex-1 flex-col bg-slate-50" aria-labelledby="chat-heading">
        <header className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-2 py-2.5 sm:gap-3 sm:px-6 sm:py-3">
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 md:hidden"
            aria-label="Conversations"
            onClick={props.onOpenHistory}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h10" />
            </svg>
          </Button>
          {director ? (
            <span className="hidden sm:block">
              <DirectorAvatar director={director} />
            </span>
          ) : null}
          <div className="min-w-0 flex-1">
            <h1 id="chat-heading" className="truncate text-lg leading-tight font-semibold text-slate-900">
              {director ? director.name : "Chat"}
            </h1>
            <p className="truncate text-sm text-slate-600">
              {director ? director.title : "Director not found"}
              {conversation && messages.length > 0 ? (
                <span className="hidden lg:inline"> · {conversation.title}</span>
              ) : null}
            </p>
          </div>
          <DirectorSwitcher selectedId={requestedId} onSelect={props.onSelect} />
          <ConversationMenu
            conversation={messages.length > 0 ? conversation : undefined}
            onChanged={() => void history.refetch()}
            onDeleted={props.onOpenCurrent}
          />
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 md:hidden"
            aria-label="Clear conversation"
            disabled={!director || loading || inError}
            onClick={clear}
          >
            <NewConversationIcon />
          </Button>
        </header>

        <div className="relative min-h-0 flex-1">
          <div ref={follow.scroller} onScroll={follow.onScroll} className="h-full overflow-y-auto">
            <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
              {locked && director ? (
                <LockedDirector director={director} reason={locked} />
              ) : inError ? (
                <LoadErrorAlert message={loadError} onRetry={director ? () => void history.refetch() : undefined} />
              ) : loading && messages.length === 0 ? (
                <ConversationSkeleton />
              ) : director ? (
                <>
                  {history.data?.trained === false ? <UntrainedNote director={director} /> : null}
                  <ol aria-label={`Conversation with ${director.name}`} className="space-y-5">
                    {welcomeShown && config.data ? (
                      <ChatBubble
                        director={director}
                        sender="ai"
                        text={welcomeMessage(director, config.data)}
                        createdAt={welcomeAt}
                      />
                    ) : null}
                    {messages.map((message) => (
                      <MessageItem
                        key={message.id}
                        message={message}
                        director={director}
                        isLast={message === last}
                        isLastQuestion={message.id === lastQuestionId}
                        answering={answering}
                        phase={answers.phase}
                        editing={editing === message.id}
                        highlighted={message.metadata?.messageId === props.messageId || message.id === props.messageId}
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
          </div>
          {follow.away ? (
            <button
              type="button"
              onClick={follow.jump}
              className="absolute bottom-4 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-md hover:bg-slate-50"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M12 5v14M6 13l6 6 6-6" />
              </svg>
              Jump to latest
            </button>
          ) : null}
        </div>

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
          <ul className="grid gap-2 p-4">
            {director.prompts.map((prompt) => (
              <li key={prompt}>
                <PromptButton
                  prompt={prompt}
                  disabled={!canSend}
                  onPrompt={(text) => {
                    setSuperpowersOpen(false);
                    send(text);
                  }}
                />
              </li>
            ))}
          </ul>
        </Sheet>
      ) : null}
      <SuperpowersPanel
        director={director}
        promptsDisabled={loading || inError || answering}
        clearDisabled={!director || loading || inError}
        onPrompt={send}
        onClear={clear}
      />
    </>
  );
}

function MessageItem(props: {
  message: ChatUIMessage;
  director: Director;
  isLast: boolean;
  isLastQuestion: boolean;
  answering: boolean;
  phase: ReturnType<typeof useAnswerChat>["phase"];
  editing: boolean;
  highlighted: boolean;
  onRetry: (() => void) | undefined;
  onRegenerate: () => void;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSendEdit: (text: string) => void;
  onVersionShown: () => void;
}) {
  const { message, director } = props;
  const text = textOf(message);
  const metadata = message.metadata;
  const storedId = metadata?.messageId;
  if (message.role === "user") {
    return (
      <ChatBubble
        director={director}
        sender="user"
        text={text}
        createdAt={metadata?.createdAt}
        messageId={storedId}
        highlighted={props.highlighted}
        editor={
          props.editing ? (
            <QuestionEditor text={text} onSend={props.onSendEdit} onCancel={props.onCancelEdit} />
          ) : undefined
        }
        actions={
          props.editing ? null : (
            <>
              {storedId ? (
                <VersionSwitcher
                  versions={metadata?.versions}
                  currentId={storedId}
                  kind="question"
                  disabled={props.answering}
                  onShown={props.onVersionShown}
                />
              ) : null}
              {props.isLastQuestion && !props.answering && storedId ? (
                <EditButton onClick={props.onEdit} disabled={props.answering} />
              ) : null}
            </>
          )
        }
      />
    );
  }
  const status = metadata?.status;
  const finished = status === "complete" || (status === "stopped" && text !== "");
  return (
    <ChatBubble
      director={director}
      sender="ai"
      text={text}
      createdAt={metadata?.createdAt}
      status={status}
      errorCode={metadata?.errorCode}
      phase={props.phase}
      messageId={storedId}
      highlighted={props.highlighted}
      onRetry={props.onRetry}
      actions={
        finished && !(props.isLast && props.answering) ? (
          <>
            <CopyButton text={text} />
            {props.isLast && status === "complete" && metadata?.errorCode !== "ai:not_configured" ? (
              <RegenerateButton onClick={props.onRegenerate} disabled={props.answering} />
            ) : null}
            {storedId && status === "complete" ? (
              <AnswerFeedback messageId={storedId} rating={metadata?.rating} reason={metadata?.ratingReason} />
            ) : null}
            {storedId ? (
              <VersionSwitcher
                versions={metadata?.versions}
                currentId={storedId}
                kind="answer"
                disabled={props.answering}
                onShown={props.onVersionShown}
              />
            ) : null}
          </>
        ) : null
      }
    />
  );
}

function LoadErrorAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <div className="flex items-start gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 h-5 w-5 shrink-0 text-red-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v6M12 16.5v.5" />
        </svg>
        <div className="min-w-0">
          <h2 className="font-semibold">Error</h2>
          <p className="mt-1 text-sm">{message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {onRetry ? (
              <Button size="sm" variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            ) : null}
            <Button asChild size="sm" variant="ghost">
              <Link to="/select-department">All directors</Link>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <span className="sr-only">Loading conversation…</span>
      <div className="flex items-start gap-3">
        <Skeleton className="h-8 w-8 rounded-full" />
        <Skeleton className="h-20 w-3/4 rounded-2xl" />
      </div>
      <div className="flex justify-end">
        <Skeleton className="h-10 w-1/2 rounded-2xl" />
      </div>
      <div className="flex items-start gap-3">
        <Skeleton className="h-8 w-8 rounded-full" />
        <Skeleton className="h-14 w-2/3 rounded-2xl" />
      </div>
    </div>
  );
}

function EmptyState({
  director,
  disabled,
  onPrompt,
}: {
  director: Director;
  disabled: boolean;
  onPrompt: (text: string) => void;
}) {
  return (
    <div className="mt-10 flex flex-col items-center text-center">
      <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-brand-50 text-brand-700">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
        </svg>
      </span>
      <h2 className="mt-3 text-base font-semibold text-slate-900">Start a conversation</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Ask {director.name} about your business. Answers draw on what you shared in onboarding and training.
      </p>
      <ul className="mt-5 grid w-full max-w-md gap-2 md:hidden">
        {director.prompts.map((prompt) => (
          <li key={prompt}>
            <PromptButton prompt={prompt} disabled={disabled} onPrompt={onPrompt} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function UntrainedNote({ director }: { director: Director }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p>{director.name} hasn't been trained yet, so answers rest on your business profile only.</p>
      <Button asChild size="sm" variant="secondary">
        <Link to={`/train-director/${director.id}`}>Train {director.name}</Link>
      </Button>
    </div>
  );
}

export function NewConversationIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 20H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v7M16 19h6M19 16v6" />
    </svg>
  );
}

function textOf(message: ChatUIMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
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

import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { WELCOME_MESSAGE_DELAY_MS } from "../../../../shared/constants";
import type { Director, DirectorId } from "../../../../shared/directors";
import { ERRORS, type ErrorCode, isErrorCode } from "../../../../shared/errors";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { errorToast, toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { usePlanErrorRedirect } from "../plans/plan-redirect";
import { usePublicConfig } from "../shell/use-public-config";
import {
  type ChatUIMessage,
  chatHistoryKey,
  chatTransport,
  clearConversation,
  toUIMessage,
  useChatHistory,
} from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { ChatBubble, ThinkingBubble } from "./chat-message";
import { DirectorAvatar } from "./director-avatar";
import { DirectorSwitcher } from "./director-switcher";
import { LockedDirector } from "./locked-director";
import { PromptButton, SuperpowersPanel } from "./superpowers-panel";
import { welcomeMessage } from "./welcome-message";

const LOAD_FAILED = ERRORS["not_found:director"].message;
/** Refusals that happen before the message is stored: the text goes back into the box. */
const NOT_STORED: readonly ErrorCode[] = ["rate_limit:chat", "validation:chat", "unauthorized:session"];

type ConversationProps = {
  requestedId: string;
  director: Director | undefined;
  onSelect: (id: DirectorId) => void;
};

/**
 * The conversation with one director and its "Superpowers" panel. Mounted
 * once per director (keyed by id), so opening a director starts from a clean
 * state: skeleton, then the welcome message after the spec's delay, then the
 * stored history under it.
 */
export function Conversation({ requestedId, director, onSelect }: ConversationProps) {
  const config = usePublicConfig();
  const history = useChatHistory(director?.id);
  const queryClient = useQueryClient();
  const redirectForPlan = usePlanErrorRedirect();
  const [welcomeShown, setWelcomeShown] = useState(false);
  const [restore, setRestore] = useState<{ text: string } | null>(null);
  const lastSent = useRef("");

  useEffect(() => {
    const timer = setTimeout(() => setWelcomeShown(true), WELCOME_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const transport = useMemo(() => (director ? chatTransport(director.id) : undefined), [director]);
  const chat = useChat<ChatUIMessage>({
    id: `chat-${requestedId}`,
    transport,
    onError: (error) => {
      if (redirectForPlan(error)) return;
      const code = codeOf(error);
      if (code && NOT_STORED.includes(code)) setRestore({ text: lastSent.current });
      if (code === "rate_limit:chat") {
        toast({ title: "Too many messages", description: ERRORS[code].message, variant: "destructive" });
      } else if (error instanceof ApiError && error.code === "network") {
        errorToast(error.message);
      } else {
        errorToast(code ? ERRORS[code].message : ERRORS["ai:unavailable"].message);
      }
    },
    onFinish: ({ isAbort }) => {
      if (isAbort) {
        chat.setMessages(markLastAnswerStopped);
        return;
      }
      // The server has stored the turn by now; show it as stored (times, ids, failed answers).
      if (director) void queryClient.invalidateQueries({ queryKey: chatHistoryKey(director.id) });
    },
  });
  const { setMessages, clearError, status } = chat;
  const answering = status === "submitted" || status === "streaming";

  // Show the stored conversation, under the welcome message, whenever it (re)loads and no answer is streaming.
  const seededAt = useRef(0);
  useEffect(() => {
    if (!welcomeShown || !history.data || history.dataUpdatedAt === seededAt.current || answering) return;
    seededAt.current = history.dataUpdatedAt;
    setMessages(history.data.messages.map(toUIMessage));
    clearError();
  }, [welcomeShown, history.data, history.dataUpdatedAt, answering, setMessages, clearError]);

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
  const canSend = !loading && !inError && !answering;

  const send = useCallback(
    (text: string) => {
      if (!canSend || text.trim() === "") return;
      lastSent.current = text;
      void chat.sendMessage({ text, metadata: { createdAt: new Date().toISOString(), status: "complete" } });
    },
    [canSend, chat],
  );

  const clear = async () => {
    if (!director) return;
    try {
      if (answering) await chat.stop();
      await clearConversation(director.id);
      setMessages([]);
      queryClient.setQueryData(chatHistoryKey(director.id), (old: typeof history.data) =>
        old ? { ...old, messages: [] } : old,
      );
      toast({ title: "Conversation cleared", description: "Started a new conversation with this director." });
    } catch (error) {
      if (!redirectForPlan(error)) errorToast((error as Error).message);
    }
  };

  const messages = chat.messages;
  const last = messages.at(-1);
  const retryable =
    !answering &&
    last?.role === "assistant" &&
    (last.metadata?.status === "failed" || last.metadata?.status === "stopped");

  const scroller = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the messages or the welcome change.
  useEffect(() => {
    const element = scroller.current;
    // With only the welcome message there is nothing to follow; the top (and any note there) stays in view.
    if (!element || messages.length === 0) return;
    const nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 160;
    if (nearBottom || last?.role === "user") element.scrollTo({ top: element.scrollHeight });
  }, [messages, welcomeShown, status]);

  return (
    <>
      <section className="flex min-w-0 flex-1 flex-col bg-slate-50" aria-labelledby="chat-heading">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
          {director ? <DirectorAvatar director={director} /> : null}
          <div className="min-w-0 flex-1">
            <h1 id="chat-heading" className="truncate text-lg leading-tight font-semibold text-slate-900">
              {director ? director.name : "Chat"}
            </h1>
            <p className="truncate text-sm text-slate-600">{director ? director.title : "Director not found"}</p>
          </div>
          <DirectorSwitcher selectedId={requestedId} onSelect={onSelect} />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Clear conversation"
            disabled={!director || loading || inError}
            onClick={clear}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </svg>
          </Button>
        </header>

        <div ref={scroller} className="flex-1 overflow-y-auto">
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
                      createdAt={undefined}
                    />
                  ) : null}
                  {messages.map((message) => (
                    <ChatBubble
                      key={message.id}
                      director={director}
                      sender={message.role === "user" ? "user" : "ai"}
                      text={textOf(message)}
                      createdAt={message.metadata?.createdAt}
                      status={message.metadata?.status}
                      errorCode={message.metadata?.errorCode}
                      onRetry={retryable && message === last ? () => void chat.regenerate() : undefined}
                    />
                  ))}
                  {status === "submitted" ? <ThinkingBubble director={director} /> : null}
                </ol>
                {messages.length === 0 && !answering ? (
                  <EmptyState director={director} disabled={!canSend} onPrompt={send} />
                ) : null}
              </>
            ) : null}
          </div>
        </div>

        {director ? (
          <ChatComposer
            key={director.id}
            director={director}
            canSend={canSend}
            answering={answering}
            onSend={send}
            onStop={() => void chat.stop()}
            restore={restore}
          />
        ) : null}
      </section>
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

function textOf(message: ChatUIMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** The shared code of a refused request (ApiError) or of a stream error part (its text is the code). */
function codeOf(error: Error): ErrorCode | undefined {
  if (error instanceof ApiError) return error.code === "network" ? undefined : error.code;
  return isErrorCode(error.message) ? error.message : undefined;
}

function lockedReason(error: Error): "plan" | "coming_soon" | undefined {
  const code = codeOf(error);
  if (code === "plan:director_limit") return "plan";
  if (code === "director:unavailable") return "coming_soon";
  return undefined;
}

function loadErrorMessage(error: Error): string {
  const code = codeOf(error);
  if (code === "plan:director_limit" || code === "director:unavailable") return ERRORS[code].message;
  return LOAD_FAILED;
}

/** After a stop: the answer (or the question, if nothing had arrived yet) is marked as the server stored it. */
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

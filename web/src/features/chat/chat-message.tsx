import { type ReactNode, Suspense, useCallback, useState } from "react";
import { type AnswerSource, withoutCitations } from "#shared/answer-sources";
import type { AnswerPhase, ChatMessageStatus } from "#shared/chat";
import type { Director } from "#shared/directors";
import { ERRORS, type ErrorCode } from "#shared/errors";
import { CitationLink } from "../../components/citation-link";
import { DeferredMarkdown } from "../../components/deferred-markdown";
import { DirectorAvatar } from "../../components/director-avatar";
import { OnceOpened } from "../../components/once-opened";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { retryIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";
import { lazyNamed } from "../../lib/lazy-named";
import { citedMarkdown, SourcesRow } from "./answer-sources";
import { formatTimeOfDay } from "./format-time";

const SourceDialog = lazyNamed(() => import("../../components/source-dialog"), "SourceDialog");
// Only while the AI service is busy.
const RetryCountdown = lazyNamed(() => import("./retry-countdown"), "RetryCountdown");

type ChatBubbleProps = {
  director: Director;
  sender: "user" | "ai";
  text: string;
  createdAt: string | undefined;
  status?: ChatMessageStatus;
  errorCode?: ErrorCode | null;
  /** What an answer being written is doing before its first words. */
  phase?: AnswerPhase;
  /** While the AI service is busy: when it is asked again (Date.now() time), and Stop. */
  retry?: { at: number; onStop: () => void };
  /** Shown on the last failed, stopped or interrupted answer. */
  onRetry?: () => void;
  /** Copy, regenerate, rate, versions… under the message. */
  actions?: ReactNode;
  /** Replaces the text while the owner edits it. */
  editor?: ReactNode;
  /** Under an answer's actions: what the director learned from the turn. */
  footer?: ReactNode;
  /** The message a search result pointed at. */
  highlighted?: boolean;
  messageId?: string;
  /** What the answer stood on, once it has ended. */
  sources?: AnswerSource[];
};

/** A search result's message: marked calmly, in the app's own colour, as a place in the conversation. */
const HIGHLIGHT = "ring-2 ring-brand-400 ring-offset-2 ring-offset-slate-50";

/** What an answer is doing before its first words, in words an owner understands. */
export function phaseText(director: Director, phase: AnswerPhase | undefined): string {
  if (phase === "slow") return `The AI service is slow to respond. ${director.name} is still waiting for it…`;
  if (phase === "busy") return "The AI service is busy — trying again";
  if (phase === "writing") return `${director.name} is writing…`;
  return `${director.name} is reading your notes…`;
}

/** One message: the owner's on the right, the director's on the left as Markdown, the time of day under it. */
export function ChatBubble(props: ChatBubbleProps) {
  const { director, sender, text, createdAt, status, errorCode, onRetry, actions, highlighted, sources } = props;
  const [opened, setOpened] = useState<AnswerSource | undefined>();
  const time = formatTimeOfDay(createdAt);
  const anchor = props.messageId ? { id: `message-${props.messageId}` } : {};
  if (sender === "user") {
    return (
      <li
        {...anchor}
        aria-current={highlighted || undefined}
        className="group flex scroll-mt-24 flex-col items-end gap-1"
      >
        {props.editor ?? (
          <div
            className={cn(
              "max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap text-white shadow-sm sm:max-w-[75%]",
              highlighted && HIGHLIGHT,
            )}
          >
            <span className="sr-only">You said: </span>
            {text}
          </div>
        )}
        <div className="flex items-center gap-1">
          {actions}
          <time dateTime={createdAt} className="px-1 text-xs text-slate-500">
            {time}
          </time>
        </div>
      </li>
    );
  }

  const streaming = status === "streaming";
  const thinking = streaming && text === "";
  const unfinished = status === "failed" || status === "stopped" || status === "interrupted";
  return (
    <li {...anchor} aria-current={highlighted || undefined} className="flex scroll-mt-24 items-start gap-3">
      <DirectorAvatar director={director} size="sm" />
      <div className="flex min-w-0 max-w-[85%] flex-col items-start gap-1 sm:max-w-[75%]">
        {thinking ? (
          <div className="flex items-center gap-3 rounded-2xl rounded-tl-md border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <ThinkingDots className="h-2 w-2" />
            {props.phase === "busy" && props.retry ? (
              <Suspense fallback={<span className="text-sm text-slate-600">{phaseText(director, props.phase)}</span>}>
                <RetryCountdown at={props.retry.at} onStop={props.retry.onStop} />
              </Suspense>
            ) : (
              <span className="text-sm text-slate-600">{phaseText(director, props.phase)}</span>
            )}
          </div>
        ) : text !== "" ? (
          <div
            className={cn(
              "min-w-0 max-w-full rounded-2xl rounded-tl-md border bg-white px-4 py-2.5 text-[0.9375rem] leading-relaxed text-slate-800 shadow-sm",
              status === "failed" ? "border-red-200" : "border-slate-200",
              highlighted && HIGHLIGHT,
            )}
            aria-busy={streaming || undefined}
          >
            <span className="sr-only">{director.name} said: </span>
            <AnswerText text={text} sources={sources} streaming={streaming} onOpen={setOpened} />
            {streaming ? <StreamingCaret /> : null}
          </div>
        ) : null}
        {unfinished ? <UnfinishedNotice status={status} text={text} errorCode={errorCode} onRetry={onRetry} /> : null}
        {sources && text !== "" && (status === "complete" || sources.some((source) => source.cited)) ? (
          <SourcesRow sources={sources} onOpen={setOpened} />
        ) : null}
        <div className="flex flex-wrap items-center gap-1">
          <time dateTime={createdAt} className="px-1 text-xs text-slate-500">
            {time}
          </time>
          {actions}
        </div>
        {props.footer}
      </div>
      <OnceOpened open={opened !== undefined}>
        <SourceDialog source={opened} answer={text} onClose={() => setOpened(undefined)} />
      </OnceOpened>
    </li>
  );
}

/**
 * The answer's Markdown: with its sources, each citation a small link and any
 * other marker dropped; while it is still being written (sources come at the
 * end), without markers.
 */
export function AnswerText(props: {
  text: string;
  sources: AnswerSource[] | undefined;
  streaming: boolean;
  onOpen: (source: AnswerSource) => void;
}) {
  const { sources, onOpen } = props;
  const cite = useCallback(
    (n: number) => {
      const source = sources?.find((item) => item.n === n);
      return source ? <CitationLink source={source} onOpen={onOpen} /> : null;
    },
    [sources, onOpen],
  );
  if (sources)
    return <DeferredMarkdown text={citedMarkdown(props.text, sources)} cite={cite} className="wrap-anywhere" />;
  return (
    <DeferredMarkdown text={props.streaming ? withoutCitations(props.text) : props.text} className="wrap-anywhere" />
  );
}

function unfinishedText(status: ChatMessageStatus | undefined, text: string, errorCode: ErrorCode | null | undefined) {
  if (status === "interrupted") return "This answer was interrupted.";
  if (status === "failed") return ERRORS[errorCode ?? "ai:unavailable"].message;
  return text === "" ? "You stopped this answer before it started." : "You stopped this answer.";
}

/** What an answer that did not finish says, and its Retry: in the chat and in a board meeting's columns. */
export function UnfinishedNotice(props: {
  status: ChatMessageStatus | undefined;
  text: string;
  errorCode: ErrorCode | null | undefined;
  onRetry?: () => void;
}) {
  const { status } = props;
  return (
    <div
      role={status === "stopped" ? undefined : "alert"}
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3 py-2 text-sm",
        status === "stopped" ? "bg-slate-100 text-slate-700" : "bg-red-50 text-red-800",
      )}
    >
      <span>{unfinishedText(status, props.text, props.errorCode)}</span>
      {props.onRetry ? (
        <Button variant="secondary" size="sm" className="h-8" onClick={props.onRetry}>
          <Icon drawing={retryIcon} className="h-4 w-4" />
          Retry
        </Button>
      ) : null}
    </div>
  );
}

/** The blinking bar at the end of an answer still being written. */
export function StreamingCaret() {
  return (
    <span
      aria-hidden="true"
      className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-slate-400 align-text-bottom"
    />
  );
}

/** Three dots bouncing one after another while a director thinks, before the first word; `className` sizes a dot. */
export function ThinkingDots({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className="flex gap-1">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className={cn("animate-bounce rounded-full bg-slate-400", className)}
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

import type { ChatMessageStatus } from "../../../../shared/chat";
import type { Director } from "../../../../shared/directors";
import { ERRORS, type ErrorCode } from "../../../../shared/errors";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { DirectorAvatar } from "./director-avatar";
import { formatTimeOfDay } from "./format-time";
import { ChatMarkdown } from "./markdown";

type ChatBubbleProps = {
  director: Director;
  sender: "user" | "ai";
  text: string;
  createdAt: string | undefined;
  status?: ChatMessageStatus;
  errorCode?: ErrorCode | null;
  /** Shown on the last failed or stopped answer. */
  onRetry?: () => void;
};

/** One message: the owner's on the right, the director's on the left as Markdown, the time of day under it. */
export function ChatBubble({ director, sender, text, createdAt, status, errorCode, onRetry }: ChatBubbleProps) {
  const time = formatTimeOfDay(createdAt);
  if (sender === "user") {
    return (
      <li className="flex flex-col items-end gap-1">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap text-white shadow-sm sm:max-w-[75%]">
          <span className="sr-only">You said: </span>
          {text}
        </div>
        <time dateTime={createdAt} className="px-1 text-xs text-slate-500">
          {time}
        </time>
      </li>
    );
  }

  const streaming = status === "streaming";
  const failed = status === "failed";
  const stopped = status === "stopped";
  return (
    <li className="flex items-start gap-3">
      <DirectorAvatar director={director} size="sm" />
      <div className="flex min-w-0 max-w-[85%] flex-col items-start gap-1 sm:max-w-[75%]">
        {text !== "" || streaming ? (
          <div
            className={cn(
              "min-w-0 max-w-full rounded-2xl rounded-tl-md border bg-white px-4 py-2.5 text-[0.9375rem] leading-relaxed text-slate-800 shadow-sm",
              failed ? "border-red-200" : "border-slate-200",
            )}
            aria-busy={streaming || undefined}
          >
            <span className="sr-only">{director.name} said: </span>
            <ChatMarkdown text={text} className="break-words" />
            {streaming ? (
              <span
                aria-hidden="true"
                className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-slate-400 align-text-bottom"
              />
            ) : null}
          </div>
        ) : null}
        {failed || stopped ? (
          <div
            role={failed ? "alert" : undefined}
            className={cn(
              "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3 py-2 text-sm",
              failed ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-700",
            )}
          >
            <span>
              {failed
                ? ERRORS[errorCode ?? "ai:unavailable"].message
                : text === ""
                  ? "You stopped this answer before it started."
                  : "You stopped this answer."}
            </span>
            {onRetry ? (
              <Button variant="secondary" size="sm" className="h-8" onClick={onRetry}>
                <RetryIcon />
                Retry
              </Button>
            ) : null}
          </div>
        ) : null}
        <time dateTime={createdAt} className="px-1 text-xs text-slate-500">
          {time}
        </time>
      </div>
    </li>
  );
}

/** While the director is working on the first words of an answer. */
export function ThinkingBubble({ director }: { director: Director }) {
  return (
    <li className="flex items-start gap-3" aria-live="polite">
      <DirectorAvatar director={director} size="sm" />
      <div className="flex items-center gap-2 rounded-2xl rounded-tl-md border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <span className="sr-only">{director.name} is thinking…</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="h-2 w-2 animate-bounce rounded-full bg-slate-400"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  );
}

function RetryIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M21 12a9 9 0 0 1-15.5 6.2L3 16M3 21v-5h5" />
    </svg>
  );
}

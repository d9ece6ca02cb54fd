import { ERRORS } from "#shared/errors";
import { ChatMarkdown } from "../../../components/markdown";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { memoIcon, retryIcon } from "../../../components/ui/page-icons";
import { cn } from "../../../lib/cn";
import { ListenButton } from "../listen-button";
import { CopyButton } from "../message-actions";
import type { ShownAnswer } from "./use-board-meeting";

/**
 * The board memo under the directors' answers: waiting while they answer,
 * then streamed in its sections (the question, each position, where they
 * agree and disagree, the decision, next steps with an owner and a measure).
 */
export function BoardMemo(props: {
  memo: ShownAnswer;
  /** Directors still answering; the memo waits for them. */
  waitingFor: string[];
  onRetry: (() => void) | undefined;
  headingId: string;
  anchor: string | undefined;
}) {
  const { memo, waitingFor } = props;
  const streaming = memo.status === "streaming";
  const unfinished = memo.status === "failed" || memo.status === "stopped" || memo.status === "interrupted";
  return (
    <section
      id={props.anchor}
      aria-labelledby={props.headingId}
      className="scroll-mt-24 rounded-2xl border border-brand-200 bg-white shadow-sm ring-1 ring-brand-100"
    >
      <header className="flex items-center gap-2.5 border-b border-brand-100 bg-brand-50/60 px-4 py-3 sm:px-5">
        <Icon drawing={memoIcon} className="h-5 w-5 text-brand-700" />
        <h3 id={props.headingId} className="font-semibold text-slate-900">
          Board memo
        </h3>
        {memo.status === "complete" && memo.text !== "" ? (
          <span className="ml-auto flex">
            <CopyButton text={memo.text} />
            <ListenButton messageId={memo.messageId} text={memo.text} />
          </span>
        ) : null}
      </header>
      <div className="px-4 py-4 sm:px-5">
        {streaming && memo.text === "" ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {waitingFor.length > 0
              ? `The memo is written once every director has answered. Waiting for ${waitingFor.join(", ")}…`
              : "Writing the memo: where your directors agree, where they disagree, and what you need to decide…"}
          </p>
        ) : null}
        {memo.text !== "" ? (
          <div className="min-w-0 text-[0.9375rem] leading-relaxed text-slate-800" aria-busy={streaming || undefined}>
            <ChatMarkdown text={memo.text} className="wrap-anywhere" />
          </div>
        ) : null}
        {unfinished ? (
          <div
            role={memo.status === "stopped" ? undefined : "alert"}
            className={cn(
              "mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3 py-2 text-sm",
              memo.status === "stopped" ? "bg-slate-100 text-slate-700" : "bg-red-50 text-red-800",
            )}
          >
            <span>
              {memo.status === "interrupted"
                ? "The memo was interrupted."
                : memo.status === "failed"
                  ? ERRORS[memo.errorCode ?? "ai:unavailable"].message
                  : "You stopped the meeting before the memo was written."}
            </span>
            {props.onRetry ? (
              <Button variant="secondary" size="sm" className="h-8" onClick={props.onRetry}>
                <Icon drawing={retryIcon} className="h-4 w-4" />
                Write the memo again
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

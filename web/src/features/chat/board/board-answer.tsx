import { useState } from "react";
import type { AnswerSource } from "#shared/answer-sources";
import type { Director } from "#shared/directors";
import { SourceDialog } from "../../../components/source-dialog";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { checkIcon } from "../../../components/ui/page-icons";
import { cn } from "../../../lib/cn";
import { SourcesRow } from "../answer-sources";
import { AnswerText, phaseText, StreamingCaret, ThinkingDots, UnfinishedNotice } from "../chat-message";
import type { ShownAnswer } from "./use-board-meeting";

/** Where an answer stands, for the tab's indicator and screen readers. */
export type AnswerState = "writing" | "done" | "problem" | "stopped";

export function stateOf(answer: ShownAnswer | undefined): AnswerState {
  if (!answer || answer.status === "streaming") return "writing";
  if (answer.status === "complete") return "done";
  if (answer.status === "stopped") return "stopped";
  return "problem";
}

export const STATE_LABELS: Record<AnswerState, string> = {
  writing: "answering",
  done: "answered",
  problem: "did not answer",
  stopped: "stopped",
};

/**
 * One director's answer in a board round: what it is doing before its first
 * words, the text as it streams (Markdown), and, when it did not finish, why
 * with Retry (the memo is then written again with it). Under a finished
 * answer: what it stood on (the chat's Sources row), and carrying the meeting
 * into a chat with this director.
 */
export function BoardAnswer(props: {
  director: Director;
  answer: ShownAnswer | undefined;
  onRetry: (() => void) | undefined;
  onContinue: (() => void) | undefined;
}) {
  const { director, answer } = props;
  const [opened, setOpened] = useState<AnswerSource | undefined>();
  const text = answer?.text ?? "";
  const status = answer?.status ?? "streaming";
  const streaming = status === "streaming";
  const unfinished = status === "failed" || status === "stopped" || status === "interrupted";
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      {streaming && text === "" ? (
        <p className="flex items-center gap-2.5 py-1 text-sm text-slate-600" aria-live="polite">
          <ThinkingDots className="h-1.5 w-1.5" />
          {phaseText(director, answer?.phase)}
        </p>
      ) : null}
      {text !== "" ? (
        <div className="min-w-0 text-[0.9375rem] leading-relaxed text-slate-800" aria-busy={streaming || undefined}>
          <AnswerText text={text} sources={answer?.sources} streaming={streaming} onOpen={setOpened} />
          {streaming ? <StreamingCaret /> : null}
        </div>
      ) : null}
      {unfinished ? (
        <UnfinishedNotice status={status} text={text} errorCode={answer?.errorCode} onRetry={props.onRetry} />
      ) : null}
      {answer?.sources && text !== "" && status === "complete" ? (
        <SourcesRow sources={answer.sources} onOpen={setOpened} />
      ) : null}
      <SourceDialog source={opened} answer={text} onClose={() => setOpened(undefined)} />
      {status === "complete" && text !== "" && props.onContinue ? (
        <div className="mt-auto pt-1">
          <Button variant="ghost" size="sm" className="-ml-2 h-8 px-2 text-brand-700" onClick={props.onContinue}>
            Continue with {director.name}
            <span aria-hidden="true">→</span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The little mark beside a director's name: a live pulse while answering, a tick, a warning, or a pause. */
export function StateMark({ state, className }: { state: AnswerState; className?: string }) {
  if (state === "writing") {
    return (
      <span aria-hidden="true" className={cn("relative flex h-2.5 w-2.5", className)}>
        <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-brand-500 opacity-60" />
        <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-brand-600" />
      </span>
    );
  }
  if (state === "done") {
    return <Icon drawing={checkIcon} className={cn("h-4 w-4 text-emerald-600", className)} />;
  }
  if (state === "problem") {
    return (
      <span
        aria-hidden="true"
        className={cn(
          "grid h-4 w-4 place-items-center rounded-full bg-red-600 text-[0.65rem] font-bold text-white",
          className,
        )}
      >
        !
      </span>
    );
  }
  return <span aria-hidden="true" className={cn("h-2.5 w-2.5 rounded-sm bg-slate-400", className)} />;
}

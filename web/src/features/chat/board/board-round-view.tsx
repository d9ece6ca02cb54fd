import { type ReactNode, useState } from "react";
import { type Director, type DirectorId, findDirector } from "#shared/directors";
import { DirectorAvatar } from "../../../components/director-avatar";
import { cn } from "../../../lib/cn";
import { formatTimeOfDay } from "../format-time";
import { ListenButton } from "../listen-button";
import { CopyButton } from "../message-actions";
import { BoardAnswer, STATE_LABELS, StateMark, stateOf } from "./board-answer";
import { BoardMemo } from "./board-memo";
import type { ShownRound } from "./use-board-meeting";

type RoundProps = {
  round: ShownRound;
  index: number;
  /** The last round: its unfinished answers can be retried, its directors continued with. */
  last: boolean;
  busy: boolean;
  /** An answer to bring forward (a search result). */
  highlight: string | undefined;
  onRetry: (author: DirectorId | "board") => void;
  /** Carrying the meeting into a chat with a director; undefined for a director the owner cannot chat with. */
  onContinue: (directorId: DirectorId) => (() => void) | undefined;
};

/**
 * One round of a meeting: the owner's question, then the decision first —
 * the memo — and under it every director's answer, one at a time as tabs
 * with a live indicator each. Four answers side by side made narrow columns
 * that buried the memo far below; the memo already sets their positions
 * side by side.
 */
export function BoardRoundView(props: RoundProps) {
  const { round, index } = props;
  const directors = round.directors.map(findDirector).filter((director): director is Director => !!director);
  const waitingFor = directors
    .filter((director) => stateOf(round.answers[director.id]) === "writing")
    .map((director) => director.name);
  const canAct = props.last && !props.busy;
  const highlighted = (id: DirectorId) =>
    props.highlight !== undefined && round.answers[id]?.messageId === props.highlight;
  const retry = (author: DirectorId | "board") => (canAct ? () => props.onRetry(author) : undefined);
  const answerOf = (director: Director) => (
    <BoardAnswer
      director={director}
      answer={round.answers[director.id]}
      onRetry={retry(director.id)}
      onContinue={canAct ? props.onContinue(director.id) : undefined}
    />
  );

  return (
    <section id={`round-${index}`} aria-labelledby={`round-${index}-question`} className="space-y-4">
      <div className="flex flex-col items-end gap-1">
        <h2
          id={`round-${index}-question`}
          className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-[0.9375rem] leading-relaxed font-normal wrap-anywhere whitespace-pre-wrap text-white shadow-sm sm:max-w-[75%]"
        >
          <span className="sr-only">You asked the board: </span>
          {round.question}
        </h2>
        <time dateTime={round.createdAt} className="px-1 text-xs text-slate-500">
          {formatTimeOfDay(round.createdAt)}
        </time>
      </div>

      <BoardMemo
        anchor={anchorOf(round.memo.messageId)}
        memo={round.memo}
        waitingFor={waitingFor}
        onRetry={retry("board")}
        headingId={`round-${index}-memo`}
      />

      <DirectorTabs
        directors={directors}
        round={round}
        index={index}
        render={answerOf}
        initial={directors.find((director) => highlighted(director.id))?.id}
      />
    </section>
  );
}

function DirectorHeading({ director, round, id }: { director: Director; round: ShownRound; id: string }) {
  const answer = round.answers[director.id];
  const state = stateOf(answer);
  return (
    <div className="mb-3 flex items-center gap-2.5">
      <DirectorAvatar director={director} size="sm" />
      <div className="min-w-0 flex-1">
        <h3 id={id} className="truncate text-sm font-semibold text-slate-900">
          {director.name}
        </h3>
        <p className="text-xs leading-tight text-slate-500">{director.title}</p>
      </div>
      {state === "done" && answer?.text ? (
        <>
          <CopyButton text={answer.text} />
          <ListenButton messageId={answer.messageId} text={answer.text} />
        </>
      ) : null}
      <StateMark state={state} />
      <span className="sr-only">{STATE_LABELS[state]}</span>
    </div>
  );
}

/** On a phone: one tab per director, each with a live indicator, and the chosen director's answer under them. */
function DirectorTabs(props: {
  directors: Director[];
  round: ShownRound;
  index: number;
  render: (director: Director) => ReactNode;
  initial: DirectorId | undefined;
}) {
  const { directors, round, index } = props;
  const [chosen, setChosen] = useState<DirectorId | undefined>(props.initial ?? directors[0]?.id);
  const current = directors.find((director) => director.id === chosen) ?? directors[0];
  const move = (offset: number) => {
    const at = directors.findIndex((director) => director.id === current?.id);
    const next = directors[(at + offset + directors.length) % directors.length];
    if (!next) return;
    setChosen(next.id);
    document.getElementById(`round-${index}-tab-${next.id}`)?.focus();
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 className="px-4 pt-3 text-sm font-semibold text-slate-700 sm:px-5">The directors' answers</h3>
      <div
        role="tablist"
        aria-label="The directors' answers"
        className="flex overflow-x-auto border-b border-slate-200 px-1 sm:px-3"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") move(1);
          if (event.key === "ArrowLeft") move(-1);
        }}
      >
        {directors.map((director) => {
          const selected = director.id === current?.id;
          const state = stateOf(round.answers[director.id]);
          return (
            <button
              key={director.id}
              id={`round-${index}-tab-${director.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`round-${index}-panel`}
              tabIndex={selected ? 0 : -1}
              aria-label={`${director.name}, ${STATE_LABELS[state]}`}
              onClick={() => setChosen(director.id)}
              className={cn(
                "flex min-h-11 min-w-max flex-1 items-center justify-center gap-1.5 border-b-2 px-2.5 text-sm font-medium sm:flex-none sm:px-4",
                selected ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600",
              )}
            >
              {director.name}
              <StateMark state={state} />
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          id={`round-${index}-panel`}
          role="tabpanel"
          aria-labelledby={`round-${index}-tab-${current.id}`}
          className="p-4 sm:px-5"
        >
          <div id={anchorOf(round.answers[current.id]?.messageId)} className="scroll-mt-24">
            <DirectorHeading director={current} round={round} id={`round-${index}-${current.id}`} />
            {props.render(current)}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The element id a search result scrolls to. */
function anchorOf(messageId: string | undefined): string | undefined {
  return messageId ? `message-${messageId}` : undefined;
}

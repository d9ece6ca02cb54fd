import { Link } from "react-router";
import type { BoardOverview } from "#shared/board";
import { BOARD_MIN_DIRECTORS } from "#shared/board";
import { type Director, findDirector } from "#shared/directors";
import { directorAllowance, planThatUnlocks } from "#shared/plans";
import { boardIcon } from "../../../components/ui/app-icons";
import { Button } from "../../../components/ui/button";
import { IconBadge } from "../../../components/ui/icon-badge";

/**
 * What the board is, for an owner who cannot hold a meeting yet (fewer than
 * two trained directors, and the trial's preview held or not offered), and
 * the way there: train another director, or the plan that allows more directors.
 */
export function BoardIntro({ overview }: { overview: BoardOverview }) {
  const of = (state: string) =>
    overview.directors
      .filter((director) => director.state === state)
      .map((director) => findDirector(director.id))
      .filter((director): director is Director => director !== undefined);
  const trained = of("trained");
  const trainable = of("available");
  const locked = of("over_limit");
  const unlocking = planThatUnlocks(trained.length);
  const missing = BOARD_MIN_DIRECTORS - trained.length;

  return (
    <section
      aria-labelledby="board-intro-heading"
      className="mx-auto mt-4 max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <IconBadge drawing={boardIcon} tone="brand" />
      <h2 id="board-intro-heading" className="mt-4 text-xl font-semibold text-slate-900">
        Hold a board meeting
      </h2>
      <p className="mt-2 text-slate-700">
        A board meeting puts one question to several of your directors at once. Each answers from their own department,
        side by side, and a memo sums up where they agree, where they disagree, and the decision that is yours to make.
      </p>
      {overview.preview?.meetingId ? (
        <p className="mt-4 text-sm text-slate-700">
          You have held the preview meeting your free trial includes.{" "}
          <Link to={`/board?meeting=${overview.preview.meetingId}`} className="font-medium text-brand-700 underline">
            Open your preview meeting
          </Link>
        </p>
      ) : null}
      <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {trained.length === 0
          ? "You haven't trained a director yet. "
          : `You have trained ${trained.map((director) => director.name).join(" and ")} so far. `}
        A board meeting needs at least {BOARD_MIN_DIRECTORS} trained directors
        {missing > 0 && trained.length > 0 && trainable.length > 0
          ? `: train ${missing === 1 ? "one more" : `${missing} more`}`
          : ""}
        .
      </p>
      {trainable.length > 0 ? (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          {trainable.slice(0, 2).map((director, index) => (
            <Button key={director.id} asChild variant={index === 0 ? "primary" : "secondary"}>
              <Link to={`/train-director/${director.id}`}>Train {director.name}</Link>
            </Button>
          ))}
          <Button asChild variant="ghost">
            <Link to="/select-department">All directors</Link>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            Your {overview.plan.name} plan includes {directorAllowance(overview.plan)}.
            {unlocking
              ? ` The ${unlocking.name} plan includes ${directorAllowance(unlocking)}, enough for a board meeting.`
              : ""}
          </p>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to={`/subscription${locked[0] ? `?unlock=${locked[0].id}` : ""}`}>See plans</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/chat">Back to chat</Link>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

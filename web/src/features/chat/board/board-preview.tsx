import { Link } from "react-router";
import type { BoardPreview } from "#shared/board";
import { type Director, findDirector } from "#shared/directors";
import { Button } from "../../../components/ui/button";

/**
 * The free trial's preview board meeting, marked as one: a badge beside the
 * heading, a note on what it is before it is held, and in place of the
 * question box once it is held, what a plan with more directors adds.
 */

export function PreviewBadge() {
  return (
    <span className="shrink-0 rounded-full border border-amber-300 bg-amber-50 px-1.5 text-xs leading-4 font-semibold text-amber-900">
      Preview
    </span>
  );
}

/** Before the preview: whose meeting it is, who answers from what, and that it is one question. */
export function PreviewNote({ preview, trained }: { preview: BoardPreview; trained: string[] }) {
  const untrained = preview.directors
    .filter((id) => !trained.includes(id))
    .map((id) => findDirector(id))
    .filter((director): director is Director => director !== undefined);
  return (
    <section
      aria-label="Preview meeting"
      className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm text-amber-950"
    >
      <p className="font-semibold">A preview of your board, included in your free trial</p>
      <p className="mt-1">
        Hold one board meeting with the {preview.plan.name} plan's {preview.plan.directorCount} directors.
        {untrained.length > 0
          ? ` ${names(untrained)} ${untrained.length === 1 ? "isn't" : "aren't"} trained yet, so ${untrained.length === 1 ? "answers" : "they answer"} from your business profile.`
          : ""}{" "}
        The preview answers one question; follow-ups and more meetings come with {preview.plan.name}.
      </p>
    </section>
  );
}

/** After the preview: no follow-up box, but what the plan that unlocks the board adds, and the way to it. */
export function PreviewEnd({ preview }: { preview: BoardPreview }) {
  return (
    <div className="border-t border-slate-200 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">That was your preview board meeting.</span> With{" "}
          {preview.plan.name}, your {preview.plan.directorCount} trained directors take follow-ups and meet as often as
          you need.
        </p>
        <Button asChild className="shrink-0">
          <Link to="/subscription">See plans</Link>
        </Button>
      </div>
    </div>
  );
}

/** "Finn", "Finn and Ollie", "Finn, Ollie and Harper". */
function names(directors: Director[]): string {
  const all = directors.map((director) => director.name);
  return all.length === 1 ? (all[0] ?? "") : `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
}

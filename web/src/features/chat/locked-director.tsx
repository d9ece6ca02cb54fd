import { Link } from "react-router";
import type { Director } from "#shared/directors";
import { Button } from "../../components/ui/button";
import { IconBadge } from "../../components/ui/icon-badge";
import { lockIcon } from "../../components/ui/page-icons";

/**
 * In place of the conversation, a director this owner cannot talk to: not in
 * their plan (with the way to the plan that unlocks it), or not offered yet.
 * A calm state, not an error.
 */
export function LockedDirector({ director, reason }: { director: Director; reason: "plan" | "coming_soon" }) {
  return (
    <section
      aria-labelledby="locked-director-heading"
      className="mx-auto mt-6 max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
    >
      <IconBadge drawing={lockIcon} tone="muted" className="mx-auto" />
      <h2 id="locked-director-heading" className="mt-4 text-lg font-semibold text-slate-900">
        {reason === "plan" ? `${director.name} is not in your plan` : `${director.name} is coming soon`}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {reason === "plan"
          ? `Upgrade your plan to train ${director.name} and get advice on ${director.description}.`
          : `${director.name} is not available on any plan yet. Your other directors are ready when you are.`}
      </p>
      <div className="mt-5 flex flex-col justify-center gap-2 sm:flex-row">
        {reason === "plan" ? (
          <Button asChild>
            <Link to={`/subscription?unlock=${director.id}`}>Upgrade to Access</Link>
          </Button>
        ) : null}
        <Button asChild variant={reason === "plan" ? "ghost" : "secondary"}>
          <Link to="/select-department">All directors</Link>
        </Button>
      </div>
    </section>
  );
}

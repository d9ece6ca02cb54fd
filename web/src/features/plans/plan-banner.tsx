import { ERRORS } from "../../../../shared/errors";
import type { CurrentPlan } from "../../../../shared/plan-selection";
import { formatDate } from "../../lib/format-date";

/**
 * Above the plan cards: a clear notice when the free trial has ended (the
 * server says so, or the app sent the user here for it), or the days left
 * while it runs.
 */
export function PlanBanner({ current, reason }: { current: CurrentPlan | null; reason: string | null }) {
  const sentForTrialEnd = reason === "trial_ended" && (!current || current.planId === "free-trial");
  if (current?.trialEnded || sentForTrialEnd) {
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
        <WarningIcon />
        <div>
          <p className="font-semibold">Your free trial has ended</p>
          <p className="mt-1 text-sm">{ERRORS["plan:trial_ended"].message}</p>
        </div>
      </div>
    );
  }
  if (current?.planId === "free-trial" && current.trialEndsAt && current.trialDaysLeft !== null) {
    const endDate = formatDate(current.trialEndsAt);
    const days = current.trialDaysLeft === 1 ? "1 day" : `${current.trialDaysLeft} days`;
    return (
      <p className="rounded-xl border border-brand-200 bg-white px-4 py-3 text-center text-sm text-slate-700 sm:px-5">
        You are on the free trial: <span className="font-semibold text-slate-900">{days} left</span>, until {endDate}.
      </p>
    );
  }
  return null;
}

function WarningIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 h-5 w-5 flex-none text-amber-700"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 9v4m0 4h.01M10.3 3.9L2.4 17.5A2 2 0 004.1 20.5h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" />
    </svg>
  );
}

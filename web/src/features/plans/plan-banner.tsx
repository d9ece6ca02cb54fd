import { ERRORS } from "#shared/errors";
import type { CurrentPlan } from "#shared/plan-selection";
import { findPlan } from "#shared/plans";
import { warningIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { formatDate } from "../../lib/format-date";

/**
 * Above the plan cards: a clear notice when the free trial has ended (the
 * server says so, or the app sent the user here for it), or the days left
 * while it runs.
 */
export function PlanBanner({ current, reason }: { current: CurrentPlan | null; reason: string | null }) {
  if (current?.lapsed) {
    const name = findPlan(current.planId)?.name ?? "paid";
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
        <Icon drawing={warningIcon} className="mt-0.5 h-5 w-5 flex-none text-amber-700" />
        <div>
          <p className="font-semibold">Your {name} plan has ended</p>
          <p className="mt-1 text-sm">{ERRORS["plan:lapsed"].message}</p>
        </div>
      </div>
    );
  }
  const sentForTrialEnd = reason === "trial_ended" && (!current || current.planId === "free-trial");
  if (current?.trialEnded || sentForTrialEnd) {
    return (
      <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
        <Icon drawing={warningIcon} className="mt-0.5 h-5 w-5 flex-none text-amber-700" />
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

import { useState } from "react";
import type { DirectorListItem } from "#shared/director-states";
import type { CurrentPlan } from "#shared/plan-selection";
import { directorAllowance, findPlan, type Plan } from "#shared/plans";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogActions } from "../../components/ui/confirm-dialog";
import { formatDate } from "../../lib/format-date";

/** How a paid plan is taken: chosen without payment (no billing), paid on Stripe's page, or a change of what is paid. */
export type PaidPlanMode = "no_payment" | "checkout" | "change";

/**
 * Asks before a paid plan is taken: its price, what changes for this owner, and how it is paid. Without billing
 * (docs/decisions/0003) it says no payment is taken; with billing, that Stripe's page takes the payment, or, for an
 * owner already paying, when the change takes effect. Premium → Standard asks which trained director stays active.
 */
export function PaidPlanDialog(props: {
  plan: Plan | null;
  current: CurrentPlan | null;
  mode: PaidPlanMode;
  /** The owner's trained directors, for the choice a move to a smaller plan needs. */
  trained: DirectorListItem[];
  pending?: boolean;
  onConfirm: (plan: Plan, keptDirectorId?: string) => void;
  onCancel: () => void;
}) {
  const { plan, current, mode } = props;
  const currentPlan = current ? findPlan(current.planId) : undefined;
  const onActiveTrial = current?.planId === "free-trial" && !current.trialEnded;
  const smaller = mode === "change" && plan && currentPlan ? plan.directorCount < currentPlan.directorCount : false;
  const mustChoose = smaller && plan ? props.trained.length > plan.directorCount : false;
  const [kept, setKept] = useState<string | undefined>(undefined);
  const confirmLabel = !plan
    ? "Confirm"
    : mode === "checkout"
      ? "Continue to payment"
      : mode === "change"
        ? `Switch to ${plan.name}`
        : `Confirm ${plan.name}`;
  return (
    <ConfirmDialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open) props.onCancel();
      }}
      title={plan ? (currentPlan ? `Switch to ${plan.name}?` : `Choose ${plan.name}?`) : ""}
      description={
        plan ? (
          <>
            <p className="text-2xl font-bold tracking-tight text-slate-900">{plan.price}</p>
            <ul className="grid list-disc gap-1 pl-5">
              <li>
                You can train up to {directorAllowance(plan)}
                {currentPlan ? ` (your ${currentPlan.name} plan: ${directorAllowance(currentPlan)})` : ""}.
              </li>
              {onActiveTrial ? (
                <li>
                  Your free trial ends {mode === "checkout" ? "once you have paid" : "now"} and cannot be started again.
                </li>
              ) : null}
              {smaller ? null : <li>Directors you have already trained stay trained.</li>}
            </ul>
            <PaymentNote plan={plan} current={current} mode={mode} smaller={smaller} />
            {mustChoose ? (
              <KeptDirectorChoice trained={props.trained} plan={plan} kept={kept} onChange={setKept} />
            ) : null}
          </>
        ) : null
      }
    >
      <DialogActions>
        <Button
          disabled={props.pending || (mustChoose && !kept)}
          onClick={() => plan && props.onConfirm(plan, mustChoose ? kept : undefined)}
        >
          {props.pending ? "Please wait..." : confirmLabel}
        </Button>
      </DialogActions>
    </ConfirmDialog>
  );
}

function PaymentNote(props: { plan: Plan; current: CurrentPlan | null; mode: PaidPlanMode; smaller: boolean }) {
  const { plan, mode } = props;
  const periodEnd = props.current?.billing?.currentPeriodEnd;
  if (mode === "no_payment") {
    return (
      <p className="rounded-lg bg-brand-50 p-3 text-brand-900">
        <span className="font-semibold">No payment is taken.</span> Payments are not set up yet, so choosing this plan
        costs nothing for now.
      </p>
    );
  }
  if (mode === "checkout") {
    return (
      <p className="rounded-lg bg-brand-50 p-3 text-brand-900">
        <span className="font-semibold">You pay on Stripe's secure checkout page.</span> Your card details go to Stripe,
        never to us. Your plan starts as soon as the payment is confirmed, and you can cancel any time.
      </p>
    );
  }
  if (props.smaller) {
    return (
      <p className="rounded-lg bg-brand-50 p-3 text-brand-900">
        <span className="font-semibold">
          Your current plan stays until {periodEnd ? formatDate(periodEnd) : "the end of the period you paid for"}.
        </span>{" "}
        {plan.name} starts then, at {plan.price}. Nothing is charged now.
      </p>
    );
  }
  return (
    <p className="rounded-lg bg-brand-50 p-3 text-brand-900">
      <span className="font-semibold">{plan.name} starts now.</span> The rest of this billing period is charged now,
      prorated, to the card you pay with; then {plan.price}.
    </p>
  );
}

/** Standard keeps one trained director active; the others keep everything and come back on an upgrade. */
function KeptDirectorChoice(props: {
  trained: DirectorListItem[];
  plan: Plan;
  kept: string | undefined;
  onChange: (directorId: string) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 font-semibold text-slate-900">Which director stays active on {props.plan.name}?</legend>
      {props.trained.map((director) => (
        <label
          key={director.id}
          className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name="kept-director"
            value={director.id}
            checked={props.kept === director.id}
            onChange={() => props.onChange(director.id)}
            className="h-4 w-4 accent-brand-700"
          />
          <span>
            <span className="font-medium text-slate-900">{director.name}</span>
            <span className="text-slate-600"> · {director.title}</span>
          </span>
        </label>
      ))}
      <p className="text-slate-600">
        The others keep their training, conversations and knowledge, and come back when you upgrade again.
      </p>
    </fieldset>
  );
}

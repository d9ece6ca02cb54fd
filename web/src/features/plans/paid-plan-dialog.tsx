import type { CurrentPlan } from "#shared/plan-selection";
import { directorAllowance, findPlan, type Plan } from "#shared/plans";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogClose } from "../../components/ui/confirm-dialog";

/**
 * Asks before a paid plan is stored: its price, what changes for this owner,
 * and, while there is no payment provider (docs/decisions/0003), that no
 * payment is taken.
 */
export function PaidPlanDialog(props: {
  plan: Plan | null;
  current: CurrentPlan | null;
  onConfirm: (plan: Plan) => void;
  onCancel: () => void;
}) {
  const { plan, current } = props;
  const currentPlan = current ? findPlan(current.planId) : undefined;
  const onActiveTrial = current?.planId === "free-trial" && !current.trialEnded;
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
              {onActiveTrial ? <li>Your free trial ends now and cannot be started again.</li> : null}
              <li>Directors you have already trained stay trained.</li>
            </ul>
            <p className="rounded-lg bg-brand-50 p-3 text-brand-900">
              <span className="font-semibold">No payment is taken.</span> Payments are not set up yet, so choosing this
              plan costs nothing for now.
            </p>
          </>
        ) : null
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={() => plan && props.onConfirm(plan)}>{plan ? `Confirm ${plan.name}` : "Confirm"}</Button>
      </div>
    </ConfirmDialog>
  );
}

import { Link } from "react-router";
import type { AccountOverview } from "#shared/settings";
import { Fact, SettingsSection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { formatDate } from "../../lib/format-date";
import { usePublicConfig } from "../../lib/use-public-config";
import { useCurrentPlan } from "../plans/plan-api";
import { BillingDetails } from "./billing-details";

export function PlanSection({ plan }: { plan: AccountOverview["plan"] }) {
  const config = usePublicConfig();
  const billingOn = config.data?.billing === true;
  const current = useCurrentPlan({ enabled: billingOn });
  return (
    <SettingsSection
      id="plan"
      title="Plan"
      description="Your plan decides how many directors you can train."
      action={
        <Button asChild variant="secondary" size="sm">
          <Link to="/subscription">{plan ? "Change plan" : "Choose a plan"}</Link>
        </Button>
      }
    >
      {plan ? (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label="Current plan">
            <span className="font-semibold">{plan.name}</span>
            {plan.price !== "Free" ? <span className="text-slate-600"> · {plan.price}</span> : null}
          </Fact>
          {plan.trialEndsAt ? (
            <>
              <Fact label="Free trial">
                <TrialState plan={plan} />
              </Fact>
              <Fact label={plan.trialEnded ? "Trial ended on" : "Trial ends on"}>{formatDate(plan.trialEndsAt)}</Fact>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-700">You have not chosen a plan yet.</p>
      )}
      {billingOn ? <BillingDetails plan={current.data?.plan ?? null} /> : null}
    </SettingsSection>
  );
}

function TrialState({ plan }: { plan: NonNullable<AccountOverview["plan"]> }) {
  if (plan.trialEnded) {
    return (
      <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
        Trial ended
      </span>
    );
  }
  const days = plan.trialDaysLeft ?? 0;
  return (
    <span className="font-semibold">
      {days} {days === 1 ? "day" : "days"} left
    </span>
  );
}

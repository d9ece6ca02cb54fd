import type { ReactNode } from "react";
import { Link } from "react-router";
import { TRIAL_DAYS } from "#shared/constants";
import { formatBytes } from "#shared/knowledge";
import type { CurrentPlan } from "#shared/plan-selection";
import { PLANS, type Plan, type PlanId } from "#shared/plans";
import { BeyondChat } from "../../components/beyond-chat";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Icon } from "../../components/ui/icon";
import { checkIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";

/** A plan to point out, e.g. the one that unlocks a director, and why (shown on its card). */
export type PlanHighlight = { planId: PlanId; label: string };

type PlanPickerProps = {
  highlight?: PlanHighlight;
  /** The user's plan, marked on its card; null or absent for a visitor or before a plan is chosen. */
  current?: CurrentPlan | null;
  /** Shown between the title and the cards, e.g. the trial banner. */
  banner?: ReactNode;
  /** The plan being stored right now; every button waits for it. */
  pendingPlanId?: PlanId;
} & (
  | { onChoose: (plan: Plan) => void; chooseHref?: never }
  | { /** For a signed-out visitor: every card links here instead. */ chooseHref: string; onChoose?: never }
);

/** "Choose Your Plan": the three plans of the shared catalogue, for /subscription and /pricing. */
export function PlanPicker({ current, banner, highlight, pendingPlanId, onChoose, chooseHref }: PlanPickerProps) {
  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
        <header className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Choose Your Plan</h1>
          <p className="mt-3 text-base text-slate-600 sm:text-lg">
            Start with a {TRIAL_DAYS}-day free trial or pick the plan that fits your business. Every director you train
            learns from your own business profile.
          </p>
        </header>

        {banner ? <div className="mx-auto mt-8 max-w-3xl">{banner}</div> : null}

        <ul className="mt-12 grid items-stretch gap-8 md:grid-cols-3 md:gap-6">
          {PLANS.map((plan) => {
            const isCurrent = current?.planId === plan.id;
            // An ended trial, or a paid plan that lapsed: marked, and a lapsed plan can be bought again.
            const ended = isCurrent && Boolean(current?.trialEnded || current?.lapsed);
            // The trial can be started once; the plan the owner is on is not offered again.
            const trialUsed = plan.id === "free-trial" && Boolean(current?.trialUsed) && (!isCurrent || ended);
            return (
              <li key={plan.id} className="flex">
                <PlanCard
                  plan={plan}
                  isCurrent={isCurrent}
                  ended={ended}
                  highlight={highlight?.planId === plan.id ? highlight.label : undefined}
                  action={
                    <PlanAction
                      plan={plan}
                      state={trialUsed ? "trial_used" : isCurrent && !ended ? "current" : "choosable"}
                      disabled={pendingPlanId !== undefined}
                      pending={pendingPlanId === plan.id}
                      onChoose={onChoose}
                      chooseHref={chooseHref}
                    />
                  }
                  note={trialUsed ? "You have already used your free trial." : undefined}
                />
              </li>
            );
          })}
        </ul>

        <section aria-labelledby="every-plan-title" className="mt-12">
          <h2 id="every-plan-title" className="text-center text-xl font-semibold text-slate-900">
            On every plan
          </h2>
          <BeyondChat headingLevel="h3" className="mt-5" />
        </section>

        <aside className="mx-auto mt-8 max-w-3xl rounded-2xl border border-dashed border-brand-200 bg-white/70 px-6 py-5 text-center">
          <h2 className="text-base font-semibold text-slate-900">Level 2 Training: your own documents</h2>
          <p className="mt-1 text-sm text-slate-600">
            Every plan can add PDFs, Word files, spreadsheets, web pages and notes on the Knowledge page, and your
            directors use them when they answer. {levelTwoLimits()}
          </p>
        </aside>
      </div>
    </div>
  );
}

function PlanCard(props: {
  plan: Plan;
  isCurrent: boolean;
  ended: boolean;
  highlight?: string;
  action: ReactNode;
  note?: string;
}) {
  const { plan, isCurrent, ended, highlight } = props;
  const [amount, period] = plan.price.split("/");
  return (
    <Card
      className={cn(
        "relative flex w-full flex-col p-6 sm:p-8",
        plan.popular && "border-brand-600 shadow-md ring-1 ring-brand-600",
        isCurrent && !ended && "border-emerald-600 ring-1 ring-emerald-600",
        highlight && "border-brand-700 shadow-lg ring-2 ring-brand-700",
      )}
    >
      {plan.popular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold tracking-wide text-white shadow-sm">
          Most Popular
        </span>
      ) : null}
      <div className="flex min-h-7 items-center justify-between gap-3">
        <h2 id={`plan-${plan.id}-name`} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {ended ? (
          <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
            {plan.id === "free-trial" ? "Trial ended" : "Ended"}
          </span>
        ) : highlight ? (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">{highlight}</span>
        ) : null}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{amount}</span>
        {period ? <span className="text-base font-medium text-slate-600">/{period}</span> : null}
        {plan.id === "free-trial" ? (
          <span className="text-base font-medium text-slate-600">for {TRIAL_DAYS} days</span>
        ) : null}
      </p>
      <p className="mt-3 text-sm text-slate-600">{plan.description}</p>
      <ul className="mt-6 grid gap-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Icon drawing={checkIcon} className="mt-0.5 h-4 w-4 flex-none text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-8">
        {props.action}
        {props.note ? <p className="mt-2 text-center text-sm text-slate-600">{props.note}</p> : null}
      </div>
    </Card>
  );
}

function PlanAction(props: {
  plan: Plan;
  /** current: the plan the owner is on, not offered again; trial_used: the trial cannot start twice. */
  state: "choosable" | "current" | "trial_used";
  disabled: boolean;
  pending: boolean;
  onChoose?: (plan: Plan) => void;
  chooseHref?: string;
}) {
  const { plan } = props;
  const label = plan.id === "free-trial" ? "Start Free Trial" : "Select Plan";
  const variant = plan.popular ? "primary" : "secondary";
  if (props.chooseHref) {
    return (
      <Button asChild size="lg" variant={variant} className="w-full">
        <Link to={props.chooseHref} aria-describedby={`plan-${plan.id}-name`}>
          {label}
        </Link>
      </Button>
    );
  }
  if (props.state !== "choosable") {
    return (
      <Button
        size="lg"
        variant="secondary"
        className="w-full disabled:opacity-100"
        disabled
        aria-describedby={`plan-${plan.id}-name`}
      >
        {props.state === "current" ? (
          <>
            <Icon drawing={checkIcon} className="h-4 w-4 text-emerald-700" />
            Current plan
          </>
        ) : (
          "Trial used"
        )}
      </Button>
    );
  }
  return (
    <Button
      size="lg"
      variant={variant}
      className="w-full"
      disabled={props.disabled}
      aria-describedby={`plan-${plan.id}-name`}
      onClick={() => props.onChoose?.(plan)}
    >
      {props.pending ? "Selecting..." : label}
    </Button>
  );
}

/** "Free keeps 10 sources (25 MB), …": the plans' knowledge limits, from shared/plans.ts. */
function levelTwoLimits(): string {
  const parts = PLANS.map(
    (plan) => `${plan.name} keeps ${plan.knowledge.sources} sources (${formatBytes(plan.knowledge.bytes)})`,
  );
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}.`;
}

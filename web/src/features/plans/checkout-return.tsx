import { useEffect, useState } from "react";
import type { CurrentPlan } from "#shared/plan-selection";
import { findPlan } from "#shared/plans";

/** How long before "Confirming your payment…" says it is taking longer than usual. */
const SLOW_CONFIRMATION_MS = 30_000;

/** Back from Stripe Checkout (?checkout=success): paid, but the plan is stored only once Stripe's webhook arrives. */
export function isConfirming(checkout: string | null, current: CurrentPlan | null): boolean {
  return checkout === "success" && !(current?.billing && !current.lapsed);
}

/**
 * The line above the plans after Checkout: "Confirming your payment…" until Stripe's webhook has stored the plan,
 * then that it is active; or, when Checkout was left, that nothing changed.
 */
export function CheckoutReturn({ checkout, current }: { checkout: string | null; current: CurrentPlan | null }) {
  const confirming = isConfirming(checkout, current);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  if (checkout === "cancelled") {
    return (
      <p
        role="status"
        className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-700"
      >
        Checkout was cancelled. Nothing was charged and your plan has not changed.
      </p>
    );
  }
  if (checkout !== "success") return null;
  if (confirming) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-xl border border-brand-200 bg-white px-4 py-3 text-sm text-slate-700"
      >
        <span
          aria-hidden="true"
          className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        />
        <p>
          <span className="font-semibold text-slate-900">Confirming your payment…</span>{" "}
          {slow
            ? "This is taking longer than usual. Your plan appears here as soon as Stripe confirms it."
            : "This takes a few seconds."}
        </p>
      </div>
    );
  }
  const name = current ? findPlan(current.planId)?.name : undefined;
  return (
    <p
      role="status"
      className="rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-center text-sm text-emerald-950"
    >
      <span className="font-semibold">Payment confirmed.</span> Your {name ?? "new"} plan is active.
    </p>
  );
}

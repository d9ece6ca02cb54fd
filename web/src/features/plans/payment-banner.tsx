import { Button } from "../../components/ui/button";
import { useBillingPortal, useCurrentPlan } from "./plan-api";

/**
 * On every screen while a renewal payment has failed and Stripe is retrying it: the plan still works, and "Update
 * card" opens Stripe's portal to fix it before the retries run out. Shown by app/payment-banner-slot.tsx, for a
 * signed-in owner on a server that bills.
 */
export function PaymentBanner() {
  const current = useCurrentPlan();
  const portal = useBillingPortal();
  if (!current.data?.plan?.billing?.paymentFailed) return null;
  return (
    <section aria-label="Payment failed" className="border-b border-red-200 bg-red-50 py-2.5 text-sm text-red-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 sm:px-6">
        <p>
          <strong className="font-semibold">Your last payment did not go through.</strong> We will try again over the
          next few days; update your card to keep your plan.
        </p>
        <Button size="sm" variant="secondary" disabled={portal.opening} onClick={() => void portal.open()}>
          {portal.opening ? "Opening..." : "Update card"}
        </Button>
      </div>
    </section>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatAmount, type InvoiceSummary } from "#shared/billing";
import { findDirector } from "#shared/directors";
import type { CurrentPlan, CurrentPlanResponse } from "#shared/plan-selection";
import { findPlan } from "#shared/plans";
import { Fact } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { errorToast, toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/format-date";
import { CURRENT_PLAN_QUERY_KEY, changePaidPlan, useBillingPortal, useInvoices } from "../plans/plan-api";

/** Settings → Plan with billing on: the subscription's state, "Manage billing" (Stripe's portal) and the invoices. */
export function BillingDetails({ plan }: { plan: CurrentPlan | null }) {
  const invoices = useInvoices();
  const billing = plan?.billing;
  return (
    <div className="mt-6 grid gap-5 border-t border-slate-200 pt-5">
      {billing && plan ? (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Fact label="Payment">{paymentState(plan)}</Fact>
          {billing.currentPeriodEnd && !plan.lapsed ? (
            <Fact label={billing.cancelAtPeriodEnd ? "Ends on" : "Renews on"}>
              {formatDate(billing.currentPeriodEnd)}
            </Fact>
          ) : null}
          {billing.scheduledPlanId && billing.currentPeriodEnd ? (
            <Fact label="Next plan">
              {findPlan(billing.scheduledPlanId)?.name} from {formatDate(billing.currentPeriodEnd)}
              {billing.keptDirectorId ? `, with ${findDirector(billing.keptDirectorId)?.name ?? "one director"}` : ""}
            </Fact>
          ) : null}
        </dl>
      ) : null}
      {billing?.scheduledPlanId && plan ? <KeepPlan planId={plan.planId} /> : null}
      <ManageBilling hasCustomer={Boolean(billing) || (invoices.data?.invoices.length ?? 0) > 0} />
      <section aria-labelledby="invoices-heading">
        <h3 id="invoices-heading" className="text-sm font-semibold text-slate-900">
          Invoices and receipts
        </h3>
        {invoices.isPending ? (
          <p className="mt-2 text-sm text-slate-600">Loading...</p>
        ) : invoices.isError ? (
          <p className="mt-2 text-sm text-red-700">{invoices.error.message}</p>
        ) : invoices.data.invoices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No invoices yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {invoices.data.invoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Takes back a move to a smaller plan that waits for the period's end: the plan stays, nothing is charged. */
function KeepPlan({ planId }: { planId: string }) {
  const queryClient = useQueryClient();
  const keep = useMutation({
    mutationFn: () => changePaidPlan(planId === "premium" ? "premium" : "standard"),
    onSuccess: (response) => {
      queryClient.setQueryData<CurrentPlanResponse>(CURRENT_PLAN_QUERY_KEY, response);
      toast({
        title: `You stay on ${findPlan(planId)?.name}`,
        description: "Nothing changes at the end of the period.",
      });
    },
    onError: (error) => errorToast(error instanceof Error ? error.message : "Something went wrong. Please try again."),
  });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" disabled={keep.isPending} onClick={() => keep.mutate()}>
        {keep.isPending ? "Please wait..." : `Keep ${findPlan(planId)?.name}`}
      </Button>
      <p className="text-sm text-slate-600">
        Changed your mind? Stay on {findPlan(planId)?.name}; nothing is charged now.
      </p>
    </div>
  );
}

function paymentState(plan: CurrentPlan): string {
  if (plan.lapsed) return "Ended";
  if (plan.billing?.paymentFailed) return "Payment failed: update your card";
  if (plan.billing?.cancelAtPeriodEnd) return "Cancelled";
  return "Active";
}

function ManageBilling({ hasCustomer }: { hasCustomer: boolean }) {
  const portal = useBillingPortal();
  if (!hasCustomer) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" disabled={portal.opening} onClick={() => void portal.open()}>
        {portal.opening ? "Opening..." : "Manage billing"}
      </Button>
      <p className="text-sm text-slate-600">Change your card, cancel or renew on Stripe's secure page.</p>
    </div>
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const paid = invoice.status === "paid";
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
      <span className="text-slate-900">{formatDate(invoice.createdAt)}</span>
      <span className="font-semibold text-slate-900">
        {formatAmount(paid ? invoice.amountPaid : invoice.amountDue, invoice.currency)}
      </span>
      <span
        className={
          paid
            ? "rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900"
            : "rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
        }
      >
        {paid ? "Paid" : invoice.status === "open" ? "Unpaid" : invoice.status}
      </span>
      {invoice.url ? (
        <a href={invoice.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
          {paid ? "Receipt" : "Invoice"}
          <span className="sr-only"> of {formatDate(invoice.createdAt)}</span>
        </a>
      ) : null}
      {invoice.pdfUrl ? (
        <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
          PDF<span className="sr-only"> of {formatDate(invoice.createdAt)}</span>
        </a>
      ) : null}
    </li>
  );
}

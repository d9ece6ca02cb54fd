import { z } from "zod";

/** POST /api/billing/checkout: a paid plan, paid on Stripe's hosted page. */
export const checkoutSchema = z.object({
  planId: z.enum(["standard", "premium"], { error: "Please choose Standard or Premium." }),
});
export type CheckoutResponse = { url: string };

/**
 * POST /api/billing/change: a paid plan moves to the other one. To Standard from Premium, the trained director that
 * stays active once Standard starts (needed when more than one is trained).
 */
export const changePlanSchema = z.object({
  planId: z.enum(["standard", "premium"], { error: "Please choose Standard or Premium." }),
  keptDirectorId: z.string().trim().min(1).max(40).optional(),
});

/** POST /api/billing/portal: Stripe's customer portal, for the card, cancelling and resuming. */
export type PortalResponse = { url: string };

/** One invoice or receipt in Settings → Plan; amounts in cents, dates ISO. */
export type InvoiceSummary = {
  id: string;
  number: string | null;
  amountDue: number;
  amountPaid: number;
  currency: string;
  status: string;
  createdAt: string;
  /** Stripe's page for the invoice (its receipt once paid), and its PDF. */
  url: string | null;
  pdfUrl: string | null;
};
export type InvoicesResponse = { invoices: InvoiceSummary[] };

/** A paid plan's billing as GET /api/plans/current reports it when billing is on. */
export type PlanBilling = {
  status: string;
  /** A renewal payment failed; Stripe retries it for a while and the plan works meanwhile. */
  paymentFailed: boolean;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** "standard" while Premium runs to the end of its paid period. */
  scheduledPlanId: string | null;
  keptDirectorId: string | null;
};

/** "$29.99" from 2999 cents. */
export function formatAmount(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === "usd" ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

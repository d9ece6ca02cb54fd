import type { InvoiceSummary } from "../../shared/billing";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import type { BillingConfig } from "./billing-config";
import { findCustomerId } from "./billing-customer";
import { stripeFailure } from "./stripe-failure";

/** Stripe's customer portal for this owner (card, cancel at period end, resume), coming back to Settings → Plan. */
export async function openPortal(
  deps: Pick<AppDeps, "db" | "env">,
  billing: BillingConfig,
  log: Logger,
  userId: string,
): Promise<string> {
  const customer = await findCustomerId(deps, userId);
  if (!customer) throw new AppError("billing:no_subscription");
  try {
    const session = await billing.stripe.billingPortal.sessions.create({
      customer,
      return_url: `${deps.env.APP_URL}/settings#plan`,
    });
    return session.url;
  } catch (error) {
    log.error(stripeFailure(error), "billing: the portal could not open");
    throw new AppError("billing:unavailable");
  }
}

/** The owner's invoices and receipts, newest first; none before their first checkout. */
export async function listInvoices(
  deps: Pick<AppDeps, "db">,
  billing: BillingConfig,
  log: Logger,
  userId: string,
): Promise<InvoiceSummary[]> {
  const customer = await findCustomerId(deps, userId);
  if (!customer) return [];
  try {
    const { data } = await billing.stripe.invoices.list({ customer, limit: 24 });
    return data.map((invoice) => ({
      id: invoice.id ?? "",
      number: invoice.number,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      status: invoice.status ?? "draft",
      createdAt: new Date(invoice.created * 1000).toISOString(),
      url: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
    }));
  } catch (error) {
    log.error(stripeFailure(error), "billing: invoices could not be read");
    throw new AppError("billing:unavailable");
  }
}

import { Hono } from "hono";
import {
  type CheckoutResponse,
  changePlanSchema,
  checkoutSchema,
  type InvoicesResponse,
  type PortalResponse,
} from "../../../shared/billing";
import type { CurrentPlanResponse } from "../../../shared/plan-selection";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { BillingConfig } from "../../billing/billing-config";
import { listInvoices, openPortal } from "../../billing/billing-portal";
import { changePaidPlan } from "../../billing/change-plan";
import { receiveWebhook } from "../../billing/receive-webhook";
import { startCheckout } from "../../billing/start-checkout";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { toCurrentPlan } from "../../plans/current-plan";
import { getPlanStatus } from "../../plans/plan-status";

/** Paying for a plan: Checkout, the customer portal, invoices, and Stripe's webhook. */
export function billingRoutes(deps: AppDeps) {
  const signedIn = requireUser(deps.sessions);
  return new Hono<AppEnv>()
    .post("/webhook", async (c) => {
      // The raw text, exactly as signed: the signature is checked on these bytes.
      await receiveWebhook(deps, configured(deps), c.get("log"), await c.req.text(), c.req.header("stripe-signature"));
      return c.json({ received: true });
    })
    .post("/checkout", signedIn, async (c) => {
      const billing = configured(deps);
      const { planId } = await readJson(c, checkoutSchema);
      const url = await startCheckout(deps, billing, c.get("log"), c.get("user"), planId);
      return c.json<CheckoutResponse>({ url });
    })
    .post("/change", signedIn, async (c) => {
      const billing = configured(deps);
      const change = await readJson(c, changePlanSchema);
      const userId = c.get("user").id;
      await changePaidPlan(deps, billing, c.get("log"), userId, change);
      const status = await getPlanStatus(deps, userId);
      return c.json<CurrentPlanResponse>({ plan: status ? toCurrentPlan(status) : null });
    })
    .post("/portal", signedIn, async (c) => {
      const url = await openPortal(deps, configured(deps), c.get("log"), c.get("user").id);
      return c.json<PortalResponse>({ url });
    })
    .get("/invoices", signedIn, async (c) => {
      const invoices = await listInvoices(deps, configured(deps), c.get("log"), c.get("user").id);
      return c.json<InvoicesResponse>({ invoices });
    });
}

function configured(deps: AppDeps): BillingConfig {
  if (!deps.billing) throw new AppError("billing:not_configured");
  return deps.billing;
}

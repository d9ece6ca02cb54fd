import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CheckoutResponse, InvoicesResponse, PortalResponse } from "#shared/billing";
import type { CurrentPlanResponse, SelectPlanResponse } from "#shared/plan-selection";
import type { PlanId } from "#shared/plans";
import { errorToast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";

export const CURRENT_PLAN_QUERY_KEY = ["plan", "current"] as const;

/** The signed-in user's plan and trial state (GET /api/plans/current). */
export function useCurrentPlan(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: CURRENT_PLAN_QUERY_KEY,
    queryFn: () => api<CurrentPlanResponse>("/api/plans/current"),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

export function selectPlan(planId: PlanId) {
  return api<SelectPlanResponse>("/api/plans/select", { body: { planId } });
}

/** Stripe Checkout for a paid plan (billing on): the URL of Stripe's page, where the browser goes next. */
export function startCheckout(planId: "standard" | "premium") {
  return api<CheckoutResponse>("/api/billing/checkout", { body: { planId } });
}

/** Moves a paid subscription to the other plan; to Standard from Premium, with the director that stays active. */
export function changePaidPlan(planId: "standard" | "premium", keptDirectorId?: string) {
  return api<CurrentPlanResponse>("/api/billing/change", { body: { planId, keptDirectorId } });
}

/** Opens Stripe's customer portal (card, cancel, resume) in this tab. */
export async function openBillingPortal() {
  const { url } = await api<PortalResponse>("/api/billing/portal", { body: {} });
  window.location.assign(url);
}

/** A button's way to the portal: `opening` until the page leaves; a failure is a toast and the button is usable again. */
export function useBillingPortal() {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      await openBillingPortal();
    } catch (error) {
      setOpening(false);
      errorToast(error instanceof Error ? error.message : "Something went wrong. Please try again.");
    }
  };
  return { opening, open };
}

export const INVOICES_QUERY_KEY = ["billing", "invoices"] as const;

/** The owner's invoices and receipts (billing on). */
export function useInvoices(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: INVOICES_QUERY_KEY,
    queryFn: () => api<InvoicesResponse>("/api/billing/invoices"),
    enabled: options.enabled ?? true,
  });
}

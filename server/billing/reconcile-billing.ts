import { eq, isNull, lt, notInArray, or } from "drizzle-orm";
import type Stripe from "stripe";
import { billingCustomers, billingEvents, subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";
import { ENDED_STATUSES } from "../plans/plan-status";
import { applySubscription } from "./apply-subscription";
import type { BillingConfig } from "./billing-config";
import { stripeFailure } from "./stripe-failure";

const EVENT_MEMORY_DAYS = 30;

export type Reconciled = { checked: number; failed: number; skipped: boolean };

/**
 * Once a day: every owner whose subscription is not final, or who went to checkout and has none stored, is read again
 * from Stripe, and what a lost webhook left behind is repaired. A day's finished run is recorded beside the webhook's
 * events, so the job, sent every few minutes by each process, reads Stripe for everyone once a day.
 */
export async function reconcileBilling(
  deps: Pick<AppDeps, "db" | "now" | "billing">,
  log: Logger,
): Promise<Reconciled> {
  const billing = deps.billing;
  if (!billing) return { checked: 0, failed: 0, skipped: true };
  const runId = `reconciliation:${deps.now().toISOString().slice(0, 10)}`;
  const [done] = await deps.db.select().from(billingEvents).where(eq(billingEvents.id, runId));
  if (done) return { checked: 0, failed: 0, skipped: true };

  const owners = await ownersToCheck(deps);
  let failed = 0;
  for (const owner of owners) {
    try {
      const subscription = await currentSubscriptionOf(billing, owner.customerId);
      if (subscription) await applySubscription({ ...deps, log }, billing, owner.userId, subscription);
    } catch (error) {
      failed += 1;
      log.warn({ userId: owner.userId, ...stripeFailure(error) }, "billing: reconciliation could not read an owner");
    }
  }
  // Recorded once the day's work is done: a run cut short is tried again.
  if (failed === 0) {
    await deps.db
      .insert(billingEvents)
      .values({ id: runId, type: "reconciliation", appliedAt: deps.now() })
      .onConflictDoNothing();
  }
  await forgetOldEvents(deps);
  return { checked: owners.length, failed, skipped: false };
}

/**
 * Stripe sends an event again for up to three days, and a replay older than the signature's tolerance is refused
 * anyway: event ids older than EVENT_MEMORY_DAYS have nothing left to guard against.
 */
async function forgetOldEvents(deps: Pick<AppDeps, "db" | "now">) {
  const cutoff = new Date(deps.now().getTime() - EVENT_MEMORY_DAYS * 24 * 60 * 60 * 1000);
  await deps.db.delete(billingEvents).where(lt(billingEvents.appliedAt, cutoff));
}

/** Owners with a Stripe customer whose stored subscription is missing or not final. */
async function ownersToCheck(deps: Pick<AppDeps, "db">) {
  return deps.db
    .select({ userId: billingCustomers.userId, customerId: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .leftJoin(subscriptions, eq(subscriptions.userId, billingCustomers.userId))
    .where(
      or(isNull(subscriptions.stripeSubscriptionId), notInArray(subscriptions.paymentStatus, [...ENDED_STATUSES])),
    );
}

/** The customer's subscription that matters: the newest still running, else the newest. */
async function currentSubscriptionOf(
  billing: BillingConfig,
  customer: string,
): Promise<Stripe.Subscription | undefined> {
  const { data } = await billing.stripe.subscriptions.list({ customer, status: "all", limit: 10 });
  const newestFirst = [...data].sort((a, b) => b.created - a.created);
  return newestFirst.find((subscription) => !ENDED_STATUSES.has(subscription.status)) ?? newestFirst[0];
}

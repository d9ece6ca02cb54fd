import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { billingEvents } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { applySubscription } from "./apply-subscription";
import type { BillingConfig } from "./billing-config";
import { ownerOfCustomer } from "./billing-customer";
import { stripeFailure } from "./stripe-failure";

/** The path Stripe posts events to; the one route under /api exempt from the same-origin check. */
export const WEBHOOK_PATH = "/api/billing/webhook";

/** How old a signed event may be, as Stripe's own libraries allow: older ones are refused as replays. */
export const WEBHOOK_TOLERANCE_S = 300;

/**
 * One webhook delivery: its signature checked on the raw body, then, once per event id, the subscription it is about
 * read from Stripe and applied in the transaction that stores the event id. A delivery that is not Stripe's, or is
 * too old, is refused with 400 and logged without its body.
 */
export async function receiveWebhook(
  deps: Pick<AppDeps, "db" | "now" | "billing">,
  billing: BillingConfig,
  log: Logger,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  const event = verifiedEvent(deps, billing, log, rawBody, signature);
  if (await alreadyApplied(deps, event.id)) return;
  const subscriptionId = subscriptionIdOf(event);
  const subscription = subscriptionId ? await readSubscription(billing, log, subscriptionId) : undefined;
  const customerId = subscription && idOf(subscription.customer);
  const userId = customerId ? await ownerOfCustomer(deps, customerId) : undefined;
  await deps.db.transaction(async (tx) => {
    const first = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, appliedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (first.length === 0 || !subscription || !userId) return;
    await applySubscription({ ...deps, db: tx, log }, billing, userId, subscription);
  });
  log.info({ eventId: event.id, type: event.type, applied: Boolean(subscription && userId) }, "billing event");
}

function verifiedEvent(
  deps: Pick<AppDeps, "now">,
  billing: BillingConfig,
  log: Logger,
  rawBody: string,
  signature: string | undefined,
): Stripe.Event {
  try {
    return billing.stripe.webhooks.constructEvent(
      rawBody,
      signature ?? "",
      billing.webhookSecret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      deps.now().getTime(),
    );
  } catch (error) {
    const stale = error instanceof Error && /tolerance/i.test(error.message);
    log.warn({ reason: stale ? "stale" : "signature", bytes: rawBody.length }, "billing webhook refused");
    throw new AppError("billing:webhook_invalid");
  }
}

async function alreadyApplied(deps: Pick<AppDeps, "db">, eventId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, eventId));
  return row !== undefined;
}

/** The subscription an event is about: checkout sessions, subscriptions and invoices each name it their own way. */
function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (object.object) {
    case "subscription":
      return object.id as string;
    case "checkout.session":
      return idOf(object.subscription as string | { id: string } | null);
    case "invoice": {
      // Since API version 2025-03-31 under `parent`; before it, at the top (an endpoint on an older version).
      const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null;
      const older = object.subscription as string | { id: string } | null | undefined;
      return idOf(parent?.subscription_details?.subscription ?? older ?? null);
    }
    default:
      return undefined;
  }
}

async function readSubscription(billing: BillingConfig, log: Logger, id: string): Promise<Stripe.Subscription> {
  try {
    return await billing.stripe.subscriptions.retrieve(id);
  } catch (error) {
    // Stripe sends the event again later; the answer tells it to.
    log.error({ subscriptionId: id, ...stripeFailure(error) }, "billing: Stripe could not be read");
    throw new AppError("billing:unavailable");
  }
}

export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === "string" ? value : value.id;
}

import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that speaks the part of Stripe's API the product uses (customers, prices and products,
 * Checkout Sessions, billing portal sessions, subscriptions, invoices), so the real `stripe` client talks to it
 * (STRIPE_API_URL). It serves a hosted checkout page and a portal page a browser can use, and posts webhook events
 * signed as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`). The test owns the clock
 * (the same one it gives the app) and drives what Stripe would do on its own: renewals at a period's end, a declined
 * card, a subscription lapsing after its retries. Deliveries can be held and released in any order, repeated,
 * replayed byte for byte, or forged.
 */

const DAY_S = 24 * 60 * 60;
const PERIOD_S = 30 * DAY_S;

export const FAKE_PRICES = {
  standard: { lookup_key: "directors_standard_monthly", unit_amount: 2999, name: "Directors Standard" },
  premium: { lookup_key: "directors_premium_monthly", unit_amount: 7999, name: "Directors Premium" },
} as const;

type Json = Record<string, unknown>;
type StripeObject = Json & { id: string; object: string };

type Price = StripeObject & { lookup_key: string | null; unit_amount: number; currency: string; product: string };
type Customer = StripeObject & { email: string | null; metadata: Json; cardDeclines?: boolean };
type Subscription = StripeObject & {
  customer: string;
  status: "active" | "past_due" | "canceled" | "unpaid" | "incomplete";
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Json;
  items: { object: "list"; data: Array<SubscriptionItem> };
  latest_invoice: string | null;
};
type SubscriptionItem = StripeObject & { price: Price; current_period_start: number; current_period_end: number };
type Invoice = StripeObject & {
  customer: string;
  subscription: string;
  status: "paid" | "open";
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: number;
  number: string;
  billing_reason: string;
  hosted_invoice_url: string;
  invoice_pdf: string;
  attempt_count: number;
};
type CheckoutSession = StripeObject & {
  customer: string;
  status: "open" | "complete" | "expired";
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Json;
  subscription: string | null;
  priceId: string;
  subscriptionMetadata: Json;
};
type PortalSession = StripeObject & { customer: string; return_url: string; url: string };

export type StripeEvent = { id: string; object: "event"; type: string; created: number; data: { object: Json } };

/** One webhook POST as it was sent: the exact bytes and header, so it can be replayed. */
export type Delivery = { event: StripeEvent; body: string; signature: string; status?: number };

/** Where webhooks go: a URL, or a function (the in-process test app's request). */
export type WebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<Response> | Response);

export type FakeStripeServer = Awaited<ReturnType<typeof startFakeStripeServer>>;

export async function startFakeStripeServer(options: {
  webhookSecret: string;
  now?: () => Date;
  /** Seed the two plans' prices (the default); false starts with none, for `npm run billing:setup`. */
  seedPrices?: boolean;
}) {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}_fake${String(counter).padStart(6, "0")}`;
  };

  const products = new Map<string, StripeObject>();
  const prices = new Map<string, Price>();
  const customers = new Map<string, Customer>();
  const sessions = new Map<string, CheckoutSession>();
  const portals = new Map<string, PortalSession>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const events: StripeEvent[] = [];
  const deliveries: Delivery[] = [];
  const held: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Every API request, method and path, for assertions. */
  const requests: Array<{ method: string; path: string; body: Json }> = [];
  let target: WebhookTarget | undefined;
  let holding = false;
  let baseUrl = "";

  function createPrice(fields: { lookup_key?: string | null; unit_amount: number; product: string }): Price {
    const price: Price = {
      id: nextId("price"),
      object: "price",
      active: true,
      currency: "usd",
      lookup_key: fields.lookup_key ?? null,
      unit_amount: fields.unit_amount,
      product: fields.product,
      recurring: { interval: "month", interval_count: 1 },
      type: "recurring",
    };
    prices.set(price.id, price);
    return price;
  }

  if (options.seedPrices !== false) {
    for (const plan of Object.values(FAKE_PRICES)) {
      const product = { id: nextId("prod"), object: "product", name: plan.name, active: true };
      products.set(product.id, product);
      createPrice({ lookup_key: plan.lookup_key, unit_amount: plan.unit_amount, product: product.id });
    }
  }

  // Events and their delivery.

  function sign(body: string, timestamp = now(), secret = options.webhookSecret): string {
    const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
    return `t=${timestamp},v1=${v1}`;
  }

  function emit(type: string, object: Json): StripeEvent {
    const event: StripeEvent = {
      id: nextId("evt"),
      object: "event",
      type,
      created: now(),
      // A snapshot, as Stripe sends it: later changes to the object do not show in an event already made.
      data: { object: structuredClone(object) },
    };
    events.push(event);
    const body = JSON.stringify({ ...event, api_version: "2026-10-28.endive", livemode: false });
    const delivery: Delivery = { event, body, signature: sign(body) };
    if (holding) held.push(delivery);
    else post(delivery);
    return event;
  }

  function post(delivery: Delivery): Promise<void> {
    const sending = (async () => {
      if (!target) return;
      deliveries.push(delivery);
      const headers = { "content-type": "application/json", "stripe-signature": delivery.signature };
      const response =
        typeof target === "string"
          ? await fetch(target, { method: "POST", headers, body: delivery.body })
          : await target(delivery.body, headers);
      delivery.status = response.status;
      await response.arrayBuffer();
    })();
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
    return sending;
  }

  // Billing.

  function invoiceFor(subscription: Subscription, amount: number, reason: string): Invoice {
    const customer = customers.get(subscription.customer);
    const id = nextId("in");
    const paid = !customer?.cardDeclines;
    const invoice: Invoice = {
      id,
      object: "invoice",
      customer: subscription.customer,
      subscription: subscription.id,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: "usd",
      created: now(),
      number: `FAKE-${String(invoices.size + 1).padStart(4, "0")}`,
      billing_reason: reason,
      hosted_invoice_url: `${baseUrl}/invoices/${id}`,
      invoice_pdf: `${baseUrl}/invoices/${id}/pdf`,
      attempt_count: 1,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function settleInvoice(invoice: Invoice) {
    emit(invoice.status === "paid" ? "invoice.paid" : "invoice.payment_failed", invoice);
  }

  function startSubscription(session: CheckoutSession): Subscription {
    const price = prices.get(session.priceId);
    if (!price) throw new Error(`no price ${session.priceId}`);
    const start = now();
    const subscription: Subscription = {
      id: nextId("sub"),
      object: "subscription",
      customer: session.customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      metadata: { ...session.subscriptionMetadata },
      items: {
        object: "list",
        data: [
          {
            id: nextId("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + PERIOD_S,
          },
        ],
      },
      latest_invoice: null,
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /** The hosted page's "Pay": the card is charged, the subscription starts, and Stripe tells the app. */
  function completeCheckout(sessionId: string): CheckoutSession {
    const session = sessions.get(sessionId);
    if (session?.status !== "open") throw new Error(`checkout session ${sessionId} is not open`);
    const subscription = startSubscription(session);
    const invoice = invoiceFor(subscription, item(subscription).price.unit_amount, "subscription_create");
    session.status = "complete";
    session.subscription = subscription.id;
    session.payment_status = "paid";
    emit("checkout.session.completed", session);
    emit("customer.subscription.created", subscription);
    settleInvoice(invoice);
    return session;
  }

  function item(subscription: Subscription): SubscriptionItem {
    const first = subscription.items.data[0];
    if (!first) throw new Error(`subscription ${subscription.id} has no item`);
    return first;
  }

  function setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean) {
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? item(subscription).current_period_end : null;
    subscription.canceled_at = cancel ? now() : null;
    emit("customer.subscription.updated", subscription);
  }

  function endSubscription(subscription: Subscription) {
    subscription.status = "canceled";
    subscription.ended_at = now();
    emit("customer.subscription.deleted", subscription);
  }

  /** What Stripe does when a period ends: cancel as asked, or renew and charge the card. */
  function renew(subscription: Subscription) {
    const current = item(subscription);
    if (subscription.cancel_at_period_end) return endSubscription(subscription);
    current.current_period_start = current.current_period_end;
    current.current_period_end += PERIOD_S;
    const invoice = invoiceFor(subscription, current.price.unit_amount, "subscription_cycle");
    if (invoice.status === "open") subscription.status = "past_due";
    emit("customer.subscription.updated", subscription);
    settleInvoice(invoice);
  }

  /** A subscription item change: at once with a prorated invoice, or from the next period without one. */
  function updateSubscription(subscription: Subscription, body: Json) {
    if (body.metadata && typeof body.metadata === "object") {
      subscription.metadata = withoutEmpty({ ...subscription.metadata, ...(body.metadata as Json) });
    }
    if (body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
      subscription.cancel_at = subscription.cancel_at_period_end ? item(subscription).current_period_end : null;
    }
    const items = body.items as Array<Json> | undefined;
    const newPriceId = items?.[0]?.price as string | undefined;
    let proration: Invoice | undefined;
    if (newPriceId && newPriceId !== item(subscription).price.id) {
      const price = prices.get(newPriceId);
      if (!price) throw new FakeStripeError(404, `No such price: '${newPriceId}'`);
      const current = item(subscription);
      const previous = current.price;
      const difference = price.unit_amount - current.price.unit_amount;
      current.price = price;
      if (body.proration_behavior !== "none" && difference > 0) {
        const left = (current.current_period_end - now()) / (current.current_period_end - current.current_period_start);
        proration = invoiceFor(
          subscription,
          Math.round(difference * Math.max(0, Math.min(1, left))),
          "subscription_update",
        );
        // A declined proration with pending_if_incomplete: the change waits, the subscription stays as it was.
        if (proration.status === "open" && body.payment_behavior === "pending_if_incomplete") {
          current.price = previous;
          subscription.pending_update = { subscription_items: [{ price: price.id }], expires_at: now() + DAY_S };
        }
      }
    }
    emit("customer.subscription.updated", subscription);
    if (proration) settleInvoice(proration);
  }

  // The HTTP API.

  function route(method: string, path: string, body: Json, query: Json): unknown {
    const rest = path.replace(/^\/v1\//, "");
    const resource = RESOURCES.find((name) => rest === name || rest.startsWith(`${name}/`));
    if (!path.startsWith("/v1/") || !resource)
      throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${path})`);
    const id = rest.slice(resource.length + 1) || undefined;
    const key = `${method} ${resource}${id ? "/:id" : ""}`;

    switch (key) {
      case "POST customers": {
        const customer: Customer = {
          id: nextId("cus"),
          object: "customer",
          email: (body.email as string) ?? null,
          name: (body.name as string) ?? null,
          metadata: (body.metadata as Json) ?? {},
          created: now(),
        };
        customers.set(customer.id, customer);
        return publicCustomer(customer);
      }
      case "GET customers/:id":
        return publicCustomer(found(customers, id));
      case "DELETE customers/:id": {
        // As Stripe does: the customer's subscriptions end at once.
        const customer = found(customers, id);
        for (const subscription of subscriptions.values()) {
          if (subscription.customer === customer.id && subscription.status !== "canceled")
            endSubscription(subscription);
        }
        customers.delete(customer.id);
        return { id: customer.id, object: "customer", deleted: true };
      }
      case "POST products": {
        const product = { id: nextId("prod"), object: "product", name: body.name, active: true };
        products.set(product.id, product);
        return product;
      }
      case "GET prices": {
        const keys = (query.lookup_keys as string[] | undefined) ?? [];
        const matching = [...prices.values()].filter(
          (price) => keys.length === 0 || keys.includes(price.lookup_key ?? ""),
        );
        return list(matching, path);
      }
      case "GET prices/:id":
        return found(prices, id);
      case "POST prices":
        if (body.lookup_key && [...prices.values()].some((price) => price.lookup_key === body.lookup_key)) {
          throw new FakeStripeError(400, `A price (lookup_key ${body.lookup_key}) already exists`);
        }
        return createPrice({
          lookup_key: (body.lookup_key as string) ?? null,
          unit_amount: Number(body.unit_amount),
          product: body.product as string,
        });
      case "POST checkout/sessions": {
        const sessionId = nextId("cs_test");
        const lineItems = body.line_items as Array<Json> | undefined;
        const priceId = lineItems?.[0]?.price as string;
        found(prices, priceId);
        found(customers, body.customer as string);
        const session: CheckoutSession = {
          id: sessionId,
          object: "checkout.session",
          mode: body.mode,
          customer: body.customer as string,
          status: "open",
          payment_status: "unpaid",
          url: `${baseUrl}/pay/${sessionId}`,
          success_url: body.success_url as string,
          cancel_url: body.cancel_url as string,
          client_reference_id: (body.client_reference_id as string) ?? null,
          metadata: (body.metadata as Json) ?? {},
          subscription: null,
          priceId,
          subscriptionMetadata: ((body.subscription_data as Json | undefined)?.metadata as Json) ?? {},
        };
        sessions.set(sessionId, session);
        return publicSession(session);
      }
      case "GET checkout/sessions/:id":
        return publicSession(found(sessions, id));
      case "POST billing_portal/sessions": {
        const portal: PortalSession = {
          id: nextId("bps"),
          object: "billing_portal.session",
          customer: body.customer as string,
          return_url: body.return_url as string,
          url: "",
        };
        found(customers, portal.customer);
        portal.url = `${baseUrl}/portal/${portal.id}`;
        portals.set(portal.id, portal);
        return portal;
      }
      case "GET subscriptions": {
        const matching = [...subscriptions.values()].filter(
          (subscription) => !query.customer || subscription.customer === query.customer,
        );
        return list(matching, path);
      }
      case "GET subscriptions/:id":
        return found(subscriptions, id);
      case "POST subscriptions/:id": {
        const subscription = found(subscriptions, id);
        updateSubscription(subscription, body);
        return subscription;
      }
      case "GET invoices": {
        const matching = [...invoices.values()]
          .filter((invoice) => !query.customer || invoice.customer === query.customer)
          .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
        return list(matching.slice(0, Number(query.limit ?? 10)), path);
      }
    }
    throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  function found<T>(map: Map<string, T>, id: string | undefined): T {
    const value = id ? map.get(id) : undefined;
    if (!value) throw new FakeStripeError(404, `No such object: '${id}'`, "resource_missing");
    return value;
  }

  // The pages a browser sees: Checkout, the portal, an invoice.

  function page(
    method: string,
    path: string,
    form: URLSearchParams,
  ): { status: number; html?: string; location?: string } {
    const [kind, id, action] = path.split("/").filter(Boolean);
    if (kind === "pay" && id) {
      const session = found(sessions, id);
      if (method === "POST" && action === "complete") {
        if (session.status === "open") completeCheckout(id);
        return { status: 303, location: session.success_url.replace("{CHECKOUT_SESSION_ID}", id) };
      }
      const price = found(prices, session.priceId);
      return {
        status: 200,
        html: checkoutPage(session, price, found(customers, session.customer)),
      };
    }
    if (kind === "portal" && id) {
      const portal = found(portals, id);
      const subscription = [...subscriptions.values()].find(
        (candidate) => candidate.customer === portal.customer && candidate.status !== "canceled",
      );
      if (method === "POST" && subscription) {
        if (action === "cancel") setCancelAtPeriodEnd(subscription, true);
        if (action === "renew") setCancelAtPeriodEnd(subscription, false);
        if (action === "card") updateCard(portal.customer, form.get("card") !== "4000000000000002");
        return { status: 303, location: `/portal/${id}` };
      }
      return { status: 200, html: portalPage(portal, subscription) };
    }
    if (kind === "invoices" && id) {
      const invoice = found(invoices, id);
      return {
        status: 200,
        html: shell(`Invoice ${invoice.number}`, `<p>${money(invoice.amount_due)} ${invoice.status}</p>`),
      };
    }
    return { status: 404, html: shell("Not found", "") };
  }

  /** A new card: later charges succeed (or decline), and open invoices are paid with it at once. */
  function updateCard(customerId: string, works: boolean) {
    const customer = found(customers, customerId);
    customer.cardDeclines = !works;
    if (!works) return;
    for (const invoice of invoices.values()) {
      if (invoice.customer !== customerId || invoice.status !== "open") continue;
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      const subscription = subscriptions.get(invoice.subscription);
      if (subscription?.status === "past_due") {
        subscription.status = "active";
        emit("customer.subscription.updated", subscription);
      }
      emit("invoice.paid", invoice);
    }
  }

  function checkoutPage(session: CheckoutSession, price: Price, customer: Customer) {
    const product = products.get(price.product);
    return shell(
      "Checkout",
      `<h1>${escapeHtml(String(product?.name ?? "Subscription"))}</h1>
<p class="amount">${money(price.unit_amount)} per month</p>
<p>Paying as ${escapeHtml(customer.email ?? "")}</p>
<form method="post" action="/pay/${session.id}/complete">
  <label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
  <button type="submit">Subscribe</button>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
    );
  }

  function portalPage(portal: PortalSession, subscription: Subscription | undefined) {
    const current = subscription ? item(subscription) : undefined;
    const actions = !subscription
      ? "<p>No active subscription.</p>"
      : subscription.cancel_at_period_end
        ? `<p>Your plan will be canceled on ${date(current?.current_period_end ?? 0)}.</p>
<form method="post" action="/portal/${portal.id}/renew"><button type="submit">Renew plan</button></form>`
        : `<p>Your plan renews on ${date(current?.current_period_end ?? 0)}.</p>
<form method="post" action="/portal/${portal.id}/cancel"><button type="submit">Cancel plan</button></form>`;
    return shell(
      "Billing portal",
      `<h1>Manage your subscription</h1>
${current ? `<p class="plan">${money(current.price.unit_amount)} per month · ${subscription?.status}</p>` : ""}
${actions}
<form method="post" action="/portal/${portal.id}/card">
  <label>Card number <input name="card" value="4242 4242 4242 4242" autocomplete="off"></label>
  <button type="submit">Update card</button>
</form>
<p><a href="${escapeHtml(portal.return_url)}">Return to Directors</a></p>`,
    );
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const raw = await readBody(req);
    const method = req.method ?? "GET";
    try {
      if (url.pathname.startsWith("/v1/")) {
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          throw new FakeStripeError(401, "Invalid API Key provided");
        }
        const body = parseForm(new URLSearchParams(raw));
        requests.push({ method, path: url.pathname, body });
        const result = route(method, url.pathname, body, parseForm(url.searchParams));
        res.writeHead(200, { "content-type": "application/json", "request-id": nextId("req") });
        res.end(JSON.stringify(result));
        return;
      }
      const result = page(method, url.pathname, new URLSearchParams(raw));
      res.writeHead(result.status, {
        "content-type": "text/html; charset=utf-8",
        ...(result.location ? { location: result.location } : {}),
      });
      res.end(result.html ?? "");
    } catch (error) {
      const status = error instanceof FakeStripeError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof FakeStripeError ? error.code : undefined;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message, code } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secretKey = "sk_test_fake";

  return {
    /** STRIPE_API_URL for the app. */
    url: baseUrl,
    /** The settings an app needs to bill against this server. */
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_PRICE_STANDARD: FAKE_PRICES.standard.lookup_key,
      STRIPE_PRICE_PREMIUM: FAKE_PRICES.premium.lookup_key,
      STRIPE_API_URL: baseUrl,
    },
    requests,
    events,
    deliveries,
    customers,
    subscriptions,
    invoices,
    sessions,
    prices,
    /** Where events are posted from now on. */
    sendWebhooksTo(next: WebhookTarget) {
      target = next;
    },
    /** Waits until every delivery sent so far has been answered. */
    async delivered() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Keeps new events back until released (a slow or out-of-order delivery). */
    holdDeliveries() {
      holding = true;
    },
    /** Sends the held events, in the order given (reversed: the last event first), and stops holding. */
    async releaseHeld(order: "in-order" | "reversed" = "in-order") {
      holding = false;
      const batch = held.splice(0);
      if (order === "reversed") batch.reverse();
      for (const delivery of batch) await post(delivery);
    },
    /** Sends an event again, freshly signed, as Stripe's retries do. */
    async redeliver(eventId: string) {
      const original = deliveries.find((delivery) => delivery.event.id === eventId);
      if (!original) throw new Error(`event ${eventId} was never delivered`);
      await post({ event: original.event, body: original.body, signature: sign(original.body) });
    },
    /** Sends a past delivery again byte for byte, old signature and all (a replay). */
    async replay(delivery: Delivery) {
      const copy = { ...delivery, status: undefined };
      await post(copy);
      return copy;
    },
    /** Sends an event body with a signature made some other way: another secret, another time. */
    async forge(event: StripeEvent, signing: { secret?: string; timestamp?: number }) {
      const body = JSON.stringify(event);
      const delivery: Delivery = { event, body, signature: sign(body, signing.timestamp, signing.secret) };
      await post(delivery);
      return delivery;
    },
    completeCheckout,
    /** Renews (or ends, when cancelled) every subscription whose period ended by the test's clock. */
    renewDue() {
      for (const subscription of subscriptions.values()) {
        if (subscription.status === "canceled") continue;
        if (item(subscription).current_period_end <= now()) renew(subscription);
      }
    },
    /** The customer's card declines from now on (true) or works again, paying what is open (false). */
    declineCard(customerId: string, declines = true) {
      updateCard(customerId, !declines);
    },
    /** Stripe's retries are exhausted: the subscription is canceled for non-payment. */
    lapse(subscriptionId: string) {
      endSubscription(found(subscriptions, subscriptionId));
    },
    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      setCancelAtPeriodEnd(found(subscriptions, subscriptionId), cancel);
    },
    subscriptionOf(customerId: string): Subscription | undefined {
      return [...subscriptions.values()].find((subscription) => subscription.customer === customerId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function publicSession(session: CheckoutSession) {
    const { priceId: _price, subscriptionMetadata: _metadata, ...visible } = session;
    return visible;
  }
}

const RESOURCES = [
  "customers",
  "products",
  "prices",
  "checkout/sessions",
  "billing_portal/sessions",
  "subscriptions",
  "invoices",
];

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

function publicCustomer(customer: Customer) {
  const { cardDeclines: _declines, ...visible } = customer;
  return visible;
}

function list(data: unknown[], url: string) {
  return { object: "list", data, has_more: false, url };
}

/** Stripe's form encoding (`items[0][price]=…`, `metadata[user]=…`) back into objects and arrays. */
function parseForm(params: URLSearchParams): Json {
  const root: Json = {};
  for (const [name, value] of params) {
    const keys = name.replace(/\]/g, "").split("[");
    let node: Json | unknown[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        if (key === "" && Array.isArray(node)) node.push(value);
        else container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[index + 1] ?? "");
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Json;
    });
  }
  return root;
}

function withoutEmpty(metadata: Json): Json {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ""));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function money(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}

function date(seconds: number) {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function shell(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:.6rem 1rem;font-size:1rem;margin:.5rem 0}input{display:block;width:100%;padding:.5rem;margin:.25rem 0 .5rem}</style>
</head><body><p><strong>Test mode</strong></p>${body}</body></html>`;
}

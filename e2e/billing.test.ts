import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { TRAINING_QUESTIONS } from "#shared/training";
import { directorTrainings } from "../server/db/schema";
import { startFakeStripeServer } from "../server/test/fake-stripe-server";
import { DESKTOP, PHONE, screenshot, screenshotOf, setupBrowser } from "./support/browser";
import { chatOwnerPage, openChat } from "./support/chat-owner";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The server's clock, and the fake Stripe's, run this far ahead of real time; the journey moves it on. */
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
const stripe = await startFakeStripeServer({ webhookSecret: "whsec_e2e_directors", now });
const browser = setupBrowser({ now, env: stripe.env });
afterAll(() => stripe.close());

const AXE_SOURCE = fs.readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

/** No serious or critical axe finding on the page as it is now, in light and dark. */
async function expectAccessible(page: Page, label: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    // Colours are checked once the page has followed the switch of scheme and finished any move, not during it.
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      scheme === "dark",
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    // Evaluated rather than added as a <script>: the app's CSP blocks inline scripts.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: Array<Record<string, unknown>> }> } })
        .axe;
      const result = await axe.run();
      return result.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          id: violation.id,
          nodes: (violation.nodes as Array<{ target: unknown; failureSummary: unknown }>).map((n) => [
            n.target,
            n.failureSummary,
          ]),
        }));
    });
    expect(violations, `${label} (${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The same screen (or one part of it) at both widths, light and dark, for a person to look at. */
async function screens(page: Page, name: string, part?: Locator) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    for (const [label, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      if (part) await screenshotOf(part, `billing-${name}-${label}-${scheme}`);
      else await screenshot(page, `billing-${name}-${label}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(DESKTOP);
}

describe("paying for a plan", () => {
  it("goes from an ended trial to Premium through Checkout, cancels in the portal, and lapses with data kept", async () => {
    stripe.sendWebhooksTo(`${browser.url}/api/billing/webhook`);
    const page = await chatOwnerPage(browser, DESKTOP, { plan: "free-trial" });

    // The trial ends: the chat sends the owner to the plans.
    clockOffsetMs = 8 * DAY_MS;
    await page.goto("/chat");
    await page.waitForURL(/\/subscription\?reason=trial_ended/);
    await page.getByText("Your free trial has ended").waitFor();

    // Premium, paid on Stripe's page; the plan waits for Stripe's word.
    await page.getByRole("button", { name: "Select Plan", exact: true }).last().click();
    const dialog = page.getByRole("dialog", { name: "Switch to Premium?" });
    await dialog.getByText("You pay on Stripe's secure checkout page.").waitFor();
    await screens(page, "dialog");
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByText("$79.99 per month").waitFor();
    stripe.holdDeliveries();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/subscription\?checkout=success&session_id=cs_test_/);
    await page.getByText("Confirming your payment…").waitFor();
    await screens(page, "confirming");
    await stripe.releaseHeld();
    await page.getByText("Payment confirmed.").waitFor();
    await expect.poll(() => page.getByText("Your Premium plan is active.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Current plan" }).waitFor();
    await screens(page, "confirmed");
    await expectAccessible(page, "plan page, payment confirmed");

    // A renewal fails: every screen says so while Stripe retries, and "Update card" fixes it in the portal.
    const customer = [...stripe.customers.values()][0];
    stripe.declineCard(customer?.id ?? "");
    clockOffsetMs += 31 * DAY_MS;
    stripe.renewDue();
    await stripe.delivered();
    await openChat(page);
    const failed = page.getByRole("region", { name: "Payment failed" });
    await failed.getByText("Your last payment did not go through.").waitFor();
    await screens(page, "payment-failed");
    await expectAccessible(page, "chat with the failed-payment banner");
    await failed.getByRole("button", { name: "Update card" }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByRole("button", { name: "Update card" }).click();
    await page.getByText("· active").waitFor();
    await stripe.delivered();
    await page.getByRole("link", { name: "Return to Directors" }).click();
    await page.waitForURL(/\/settings#plan$/);

    // Settings → Plan: the receipts, and the portal, where the owner cancels.
    const plan = page.locator("#plan");
    await plan.getByText("Active", { exact: true }).waitFor();
    expect(await failed.count()).toBe(0);
    await expect.poll(() => plan.getByRole("link", { name: /^Receipt/ }).count()).toBe(2);
    await plan.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await page.getByText("Your plan will be canceled on").waitFor();
    await stripe.delivered();
    await page.getByRole("link", { name: "Return to Directors" }).click();
    await page.waitForURL(/\/settings#plan$/);
    await plan.getByText("Ends on").waitFor();
    await screens(page, "settings-cancelled", plan);
    await expectAccessible(page, "settings with billing");

    // The period ends: Premium stops like an ended trial, and Martha's training is still there.
    clockOffsetMs += 31 * DAY_MS;
    stripe.renewDue();
    await stripe.delivered();
    await page.goto("/chat");
    await page.waitForURL(/\/subscription\?reason=lapsed/);
    await page.getByText("Your Premium plan has ended").waitFor();
    // A way to pay again: Premium is offered, not marked as the plan the owner is on.
    await expect.poll(() => page.getByRole("button", { name: "Select Plan", exact: true }).count()).toBe(2);
    await screens(page, "lapsed");
    // The directors page says so too, with Martha still trained.
    await page.goto("/select-department");
    await page.getByRole("alert").getByText("Your Premium plan has ended").waitFor();
    const directors = await page.request.get("/api/directors");
    const martha = ((await directors.json()) as { directors: Array<{ id: string; state: string }> }).directors.find(
      (director) => director.id === "martha",
    );
    expect(martha?.state).toBe("trained");
  });

  it("moves Premium to Standard at the period's end, keeping the director the owner picks, until they keep Premium", async () => {
    stripe.sendWebhooksTo(`${browser.url}/api/billing/webhook`);
    const page = await chatOwnerPage(browser, DESKTOP, { plan: "free-trial" });
    const checkout = await page.request.post("/api/billing/checkout", {
      data: { planId: "premium" },
      headers: { origin: browser.url },
    });
    stripe.completeCheckout(((await checkout.json()) as { url: string }).url.split("/").at(-1) ?? "");
    await stripe.delivered();
    const answers = Object.fromEntries(TRAINING_QUESTIONS.finn.map((question) => [question.name, "Our answer"]));
    await browser.server.deps.db
      .insert(directorTrainings)
      .values({ userId: page.userId, directorId: "finn", answers, trainedAt: now() });

    await page.goto("/subscription");
    await page.getByRole("button", { name: "Select Plan", exact: true }).first().click();
    const dialog = page.getByRole("dialog", { name: "Switch to Standard?" });
    await dialog.getByText("Which director stays active on Standard?").waitFor();
    await screens(page, "downgrade-dialog");
    await expectAccessible(page, "the move to Standard");
    const confirm = dialog.getByRole("button", { name: "Switch to Standard" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole("radio", { name: /Finn/ }).check();
    await confirm.click();
    await page.getByText("Standard starts at the end of this period").first().waitFor();

    await page.goto("/settings#plan");
    const plan = page.locator("#plan");
    await plan.getByText(/Standard from .+, with Finn/).waitFor();
    await screens(page, "downgrade-settings", plan);
    await plan.getByRole("button", { name: "Keep Premium" }).click();
    await page.getByText("You stay on Premium").first().waitFor();
    expect(await plan.getByText(/Standard from/).count()).toBe(0);
  });
});

import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { emptyOnboardingData } from "#shared/onboarding";
import { businessProfiles, directorTrainings, subscriptions } from "../server/db/schema";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";

const browser = setupBrowser();
const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = "correct-horse-battery";

let owners = 0;

/** A signed-in owner on the free trial with a business profile and Martha trained, set up through the API and the database. */
async function ownerWithData(page: Page) {
  owners += 1;
  const email = `settings${owners}@example.com`;
  const response = await page.request.post("/api/auth/sign-up", {
    data: { name: "Dana Owner", email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { origin: browser.url },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  const { db } = browser.server.deps;
  const now = Date.now();
  await db.insert(subscriptions).values({
    userId: user.id,
    planId: "free-trial",
    chosenAt: new Date(now),
    trialStartedAt: new Date(now),
    trialEndsAt: new Date(now + 7 * DAY_MS),
  });
  await db.insert(businessProfiles).values({
    userId: user.id,
    answers: {
      ...emptyOnboardingData(),
      businessName: "Bright Bean Coffee",
      industry: "Specialty coffee",
      description: "We roast single-origin coffee in small batches and sell it in two cafés.",
      target: "Coffee lovers aged 25–45 who work from home.",
      products: "Whole-bean coffee, a monthly subscription, espresso drinks.",
      goals: "Grow subscriptions from 300 to 800 this year.",
      challenges: "Green coffee prices are up 30%.",
      competitors: "Two national chains nearby.",
      uniqueValue: "We roast to order within 48 hours.",
      metrics: "Monthly revenue, active subscribers.",
    },
  });
  await db.insert(directorTrainings).values({
    userId: user.id,
    directorId: "martha",
    answers: { target_audience: "Remote workers who love coffee" },
    trainedAt: new Date(now),
  });
  return { email, userId: user.id };
}

describe("settings in the browser", () => {
  it("shows the account, plan, profile, directors and the business-context card, and changes the name", async () => {
    const page = await browser.newPage();
    await ownerWithData(page);
    await page.goto("/settings");
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);

    await page.getByRole("heading", { name: "Your business context" }).waitFor();
    // No AI service on this test server: the card does not claim answers are enriched yet.
    await page
      .getByText(
        "Your business context is enabled and saved. Your directors will use it as soon as an AI service is connected.",
      )
      .waitFor();

    const plan = page.getByRole("region", { name: "Plan" });
    await plan.getByText("Free", { exact: true }).waitFor();
    await plan.getByText("7 days left").waitFor();
    expect(await plan.getByRole("link", { name: "Change plan" }).getAttribute("href")).toBe("/subscription");

    const profile = page.getByRole("region", { name: "Business profile" });
    await profile.getByText("Bright Bean Coffee").waitFor();
    await profile.getByText("We roast to order within 48 hours.").waitFor();
    expect(await profile.getByRole("link", { name: "Edit all answers step by step" }).getAttribute("href")).toBe(
      "/onboarding",
    );

    const directors = page.getByRole("region", { name: "Directors" });
    await directors.getByText(/^Trained on /).waitFor();
    expect(await directors.getByRole("link", { name: "Train again: Martha" }).getAttribute("href")).toBe(
      "/train-director/martha",
    );

    const ai = page.getByRole("region", { name: "AI" });
    await ai.getByText("Not connected yet", { exact: true }).waitFor();
    // Model names, the search and what to set are for whoever runs the server, folded away from the owner.
    for (const words of ["Chat model", "Vector search", "Set AI_API_KEY"]) {
      expect(await ai.getByText(words, { exact: false }).isVisible()).toBe(false);
    }
    await ai.getByText("For administrators").click();
    expect(await ai.getByText("Set AI_API_KEY", { exact: false }).isVisible()).toBe(true);
    expect(await ai.getByText("Not configured").count()).toBe(2);
    await ai.getByText("Vector search").waitFor();

    const name = page.getByLabel("Name", { exact: true });
    await name.fill("Dana Smith");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Name updated", { exact: true }).waitFor();
    await page.reload();
    await page.getByRole("region", { name: "Account" }).getByText("Dana Smith", { exact: true }).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Dana Smith");
  });

  it("shows the sign-up rules under the password fields and a wrong current password under its field", async () => {
    const page = await browser.newPage();
    await ownerWithData(page);
    await page.goto("/settings");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("different");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password must be at least 8 characters.", { exact: true }).waitFor();
    await page.getByText("Passwords don't match", { exact: true }).waitFor();

    // Each message goes as soon as its answer is fixed.
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-secret");
    await page.getByText("Password must be at least 8 characters.").waitFor({ state: "hidden" });
    await page.getByLabel("Confirm new password").fill("a-brand-new-secret");
    await page.getByText("Passwords don't match").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your current password is incorrect.", { exact: true }).waitFor();
  });

  it("exports the owner's data as one JSON download", async () => {
    const page = await browser.newPage();
    const { email } = await ownerWithData(page);
    await page.goto("/settings");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^directors-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(data.account.email).toBe(email);
    expect(data.businessProfile.answers.businessName).toBe("Bright Bean Coffee");
    expect(data.directorTrainings[0].directorId).toBe("martha");
  });

  it("deletes one director's training after confirming", async () => {
    const page = await browser.newPage();
    await ownerWithData(page);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete training: Martha" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Martha's training?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete training" }).click();
    await page.getByText("Martha's training deleted", { exact: true }).waitFor();
    await dialog.waitFor({ state: "hidden" });
    const directors = page.getByRole("region", { name: "Directors" });
    await directors.getByRole("link", { name: "Start Training: Martha" }).waitFor();
    expect(await directors.getByText(/^Trained on /).count()).toBe(0);
  });

  it("deletes the account after the email is typed, and lands on / signed out", async () => {
    const page = await browser.newPage();
    const { email } = await ownerWithData(page);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill("someone@example.com");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill(email.toUpperCase());
    await confirm.click();

    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("Account deleted", { exact: true }).waitFor();
    await page.getByText("Your account and all of its data have been removed.", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session.user).toBeNull();
    const login = await page.request.post("/api/auth/login", {
      data: { email, password: PASSWORD },
      headers: { origin: browser.url },
    });
    expect(login.status()).toBe(401);
  });

  it("signs out of all devices, this one included", async () => {
    const page = await browser.newPage();
    const { email } = await ownerWithData(page);
    const otherDevice = await browser.newPage();
    const login = await otherDevice.request.post("/api/auth/login", {
      data: { email, password: PASSWORD },
      headers: { origin: browser.url },
    });
    expect(login.status()).toBe(200);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Sign out of all devices" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText("Signed out everywhere", { exact: true }).waitFor();
    expect((await page.request.get("/api/account")).status()).toBe(401);
    expect((await otherDevice.request.get("/api/account")).status()).toBe(401);
  });

  it("looks right at phone and desktop width", async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const page = await browser.newPage(viewport);
      await ownerWithData(page);
      await page.goto("/settings");
      await page.getByRole("heading", { name: "Directors", exact: true }).waitFor();
      await page.getByRole("region", { name: "AI" }).getByText("Business context").waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
      await screenshot(page, `settings-${name}`);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByRole("dialog").waitFor();
      await screenshot(page, `settings-delete-dialog-${name}`);
    }
  });

  it("hides the business-context card when the context feature is off", async () => {
    await browser.restart({ env: { CONTEXT_ENABLED: "false" } });
    try {
      const page = await browser.newPage();
      await ownerWithData(page);
      await page.goto("/settings");
      const ai = page.getByRole("region", { name: "AI" });
      await ai.getByText("Business context").waitFor();
      await ai.getByText("Off", { exact: true }).waitFor();
      expect(await page.getByRole("heading", { name: "Your business context" }).count()).toBe(0);
    } finally {
      await browser.restart({});
    }
  });
});

import type { Page } from "playwright-core";
import { expect } from "vitest";
import { emptyOnboardingData } from "#shared/onboarding";
import { TRAINING_QUESTIONS } from "#shared/training";
import { businessProfiles, directorTrainings, subscriptions } from "../../server/db/schema";
import { DESKTOP, type setupBrowser } from "./browser";

const DAY_MS = 24 * 60 * 60 * 1000;
let ownerCount = 0;

export type ChatOwnerOptions = { plan?: "free-trial" | "premium"; trialEndsAt?: Date; train?: boolean };

/**
 * A signed-in owner ready to chat: signed up through the API in the page's
 * context (so the page has the cookie), with a plan, a business profile and
 * Martha trained, written straight to the server's database.
 */
export async function chatOwnerPage(
  browser: ReturnType<typeof setupBrowser>,
  viewport: { width: number; height: number } = DESKTOP,
  options: ChatOwnerOptions = {},
): Promise<Page & { userId: string }> {
  const page = await browser.newPage(viewport);
  ownerCount += 1;
  const response = await page.request.post("/api/auth/sign-up", {
    headers: { origin: browser.url },
    data: {
      name: `Chat Owner ${ownerCount}`,
      email: `chat${ownerCount}-${Date.now()}@example.com`,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  const db = browser.server.deps.db;
  const now = new Date();
  const plan = options.plan ?? "premium";
  await db.insert(subscriptions).values({
    userId: user.id,
    planId: plan,
    chosenAt: now,
    trialStartedAt: plan === "free-trial" ? now : null,
    trialEndsAt: plan === "free-trial" ? (options.trialEndsAt ?? new Date(now.getTime() + 7 * DAY_MS)) : null,
  });
  await db.insert(businessProfiles).values({
    userId: user.id,
    answers: { ...emptyOnboardingData(), businessName: "Bright Bean Coffee", industry: "Specialty coffee" },
  });
  if (options.train !== false) {
    const answers = Object.fromEntries(TRAINING_QUESTIONS.martha.map((q) => [q.name, `Our answer about ${q.name}`]));
    await db.insert(directorTrainings).values({ userId: user.id, directorId: "martha", answers, trainedAt: now });
  }
  return Object.assign(page, { userId: user.id });
}

export const chatInput = (page: Page) => page.getByRole("textbox", { name: /^Message / });
export const conversationList = (page: Page) => page.getByRole("list", { name: /^Conversation with / });

/** Opens the chat and waits for the welcome message, when sending becomes possible. */
export async function openChat(page: Page, path = "/chat") {
  await page.goto(path);
  await conversationList(page)
    .getByText(/^Hi, I'm /)
    .waitFor();
}

/** Types a question and sends it with Enter. */
export async function askInPage(page: Page, text: string) {
  await chatInput(page).fill(text);
  await chatInput(page).press("Enter");
}

import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, type setupBrowser } from "./browser";
import { type ChatOwnerOptions, seedChatOwner } from "./seed-chat-owner";

export type { ChatOwnerOptions };

let ownerCount = 0;

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
  await seedChatOwner(browser.server.deps.db, user.id, options);
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

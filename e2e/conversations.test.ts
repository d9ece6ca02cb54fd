import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, describe, expect, it } from "vitest";
import { messages } from "../server/db/schema";
import { createGate, startFakeAiServer } from "../server/test/fake-ai-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { askInPage, chatInput, chatOwnerPage, conversationList, openChat } from "./support/chat-owner";
import { expectToast } from "./support/toasts";

const fake = await startFakeAiServer();
afterAll(() => fake.close());
const browser = setupBrowser({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-conversations", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" },
});

const PLAN_ANSWER = [
  "Here is a plan for **Bright Bean Coffee**:",
  "",
  "- Two reels a week",
  "- One newsletter",
  "",
  "| Channel | Budget |",
  "| --- | --- |",
  "| Instagram | $300 |",
].join("\n");

/** The element's text is not cut off (no ellipsis) and it lies inside the window and every box that clips it. */
function shownInFull(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    if (element.scrollWidth > element.clientWidth) return false;
    const box = element.getBoundingClientRect();
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflow === "visible") continue;
      const clip = parent.getBoundingClientRect();
      if (box.top < clip.top || box.bottom > clip.bottom || box.left < clip.left || box.right > clip.right)
        return false;
    }
    return box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });
}

describe("keeping conversations", () => {
  it("copies, rates, regenerates and edits answers, keeping every version", async () => {
    const page = await chatOwnerPage(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await openChat(page);
    fake.queueChat({ reply: PLAN_ANSWER });
    fake.queueCompletion({ reply: "Spring marketing plan" });
    await askInPage(page, "Plan my spring marketing");
    const thread = conversationList(page);
    await thread.locator("table").getByText("$300").waitFor();

    // Copy puts rich text on the clipboard, with plain text (no Markdown marks) beside it for plain-text fields.
    await thread.getByRole("button", { name: "Copy answer" }).focus();
    await page.keyboard.press("Enter");
    await thread.getByRole("status").getByText("Copied").waitFor();
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const read = async (type: string) => (await item?.getType(type))?.text();
      return { html: await read("text/html"), text: await read("text/plain") };
    });
    expect(copied.html).toContain("<strong>Bright Bean Coffee</strong>");
    expect(copied.html).toContain("<td>$300</td>");
    expect(copied.text).toBe(
      "Here is a plan for Bright Bean Coffee:\n\n• Two reels a week\n• One newsletter\n\nChannel\tBudget\nInstagram\t$300",
    );
    // "Copy as Markdown" keeps the source.
    await thread.getByRole("button", { name: "Copy as Markdown" }).click();
    await thread.getByRole("status").getByText("Copied as Markdown").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PLAN_ANSWER);

    // Thumbs down with a reason.
    await thread.getByRole("button", { name: "Bad answer" }).click();
    await thread.getByPlaceholder("What was wrong? (optional)").fill("Too little on email");
    await thread.getByRole("button", { name: "Send", exact: true }).click();
    await thread.getByText("Thanks for telling us.").waitFor();

    // Regenerate: the earlier version stays, "2 / 2", and flipping back shows it.
    fake.queueChat({ reply: "A shorter plan: reels only." });
    await thread.getByRole("button", { name: "Regenerate answer" }).click();
    await thread.getByText("A shorter plan: reels only.").waitFor();
    await thread.getByText("2 / 2").waitFor();
    await thread.getByRole("button", { name: "Previous answer version" }).click();
    await thread.locator("table").getByText("$300").waitFor();
    await thread.getByText("1 / 2").waitFor();

    // Edit the last question: a new exchange, the earlier one kept as a version of the question.
    fake.queueChat({ reply: "For summer: iced coffee reels." });
    await thread.getByRole("button", { name: "Edit question" }).click();
    await page.getByLabel("Edit your question").fill("Plan my summer marketing");
    await page.getByLabel("Edit your question").press("Enter");
    await thread.getByText("For summer: iced coffee reels.").waitFor();
    await thread.getByText("Plan my summer marketing").waitFor();
    await thread.getByRole("button", { name: "Previous question version" }).waitFor();
    expect(await thread.getByText("Plan my spring marketing").count()).toBe(0);
    await screenshot(page, "conversation-versions-desktop");

    // Stored as shown: the rating and reason, three answers and two questions.
    const stored = await browser.server.deps.db.select().from(messages).where(eq(messages.userId, page.userId));
    expect(stored.filter((row) => row.sender === "ai")).toHaveLength(3);
    expect(stored.find((row) => row.rating === "down")?.ratingReason).toBe("Too little on email");
  });

  it("keeps many conversations: clear, history, rename, delete with Undo, search, export and share", async () => {
    const page = await chatOwnerPage(browser);
    await openChat(page);
    fake.queueChat({ reply: PLAN_ANSWER });
    fake.queueCompletion({ reply: "Spring marketing plan" });
    await askInPage(page, "Plan my spring marketing");
    await conversationList(page).locator("table").getByText("$300").waitFor();
    const history = page.getByRole("navigation", { name: "Conversations" });
    await history.getByRole("button", { name: /Spring marketing plan/ }).waitFor();

    // "Clear conversation" starts a new one; the first stays in the history.
    await page.getByRole("button", { name: "Clear conversation" }).click();
    await expectToast(page, "Conversation cleared", "Started a new conversation with this director.");
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    fake.queueChat({ reply: "Send it on Tuesday mornings." });
    fake.queueCompletion({ reply: "Newsletter timing" });
    await askInPage(page, "When should the newsletter go out?");
    await conversationList(page).getByText("Send it on Tuesday mornings.").waitFor();
    await history.getByRole("button", { name: /Newsletter timing/ }).waitFor();
    await history.getByRole("button", { name: /Spring marketing plan/ }).click();
    await conversationList(page).locator("table").getByText("$300").waitFor();
    await screenshot(page, "conversation-history-desktop");

    // "New conversation" beside the history starts another; both earlier ones stay listed.
    await history.getByRole("button", { name: "New conversation" }).click();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    expect(new URL(page.url()).searchParams.has("conversation")).toBe(false);
    // At 1280 × 800 the history has room: both conversations in view, nothing around it cut off.
    expect(await shownInFull(history.getByRole("button", { name: /Newsletter timing/ }))).toBe(true);
    expect(await shownInFull(history.getByRole("button", { name: /Spring marketing plan/ }))).toBe(true);
    expect(await shownInFull(history.getByText("Search conversations"))).toBe(true);
    expect(await shownInFull(page.getByText("Ask all your directors at once"))).toBe(true);
    fake.queueChat({ reply: "Offer a loyalty card." });
    fake.queueCompletion({ reply: "Keeping regulars" });
    await askInPage(page, "How do I keep regulars coming back?");
    await conversationList(page).getByText("Offer a loyalty card.").waitFor();
    expect(await conversationList(page).getByText("Send it on Tuesday mornings.").count()).toBe(0);
    await history.getByRole("button", { name: /Keeping regulars/ }).waitFor();
    await history.getByRole("button", { name: /Spring marketing plan/ }).click();
    await conversationList(page).locator("table").getByText("$300").waitFor();

    // Rename from the conversation's menu.
    await page.getByRole("button", { name: "Conversation options" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Spring plan for the cafés");
    await page.getByRole("button", { name: "Save" }).click();
    await history.getByRole("button", { name: /Spring plan for the cafés/ }).waitFor();

    // Export: Markdown and a PDF whose text holds the conversation.
    await page.getByRole("button", { name: "Conversation options" }).click();
    const [markdown] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Export as Markdown" }).click(),
    ]);
    expect(markdown.suggestedFilename()).toBe("spring-plan-for-the-cafes.md");
    expect(fs.readFileSync((await markdown.path()) ?? "", "utf8")).toContain("| Instagram | $300 |");
    await page.getByRole("button", { name: "Conversation options" }).click();
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Export as PDF" }).click(),
    ]);
    const pdfText = await extractText(
      await getDocumentProxy(new Uint8Array(fs.readFileSync((await pdf.path()) ?? ""))),
      {
        mergePages: true,
      },
    );
    expect(pdfText.text).toContain("Spring plan for the cafés");
    expect(pdfText.text).toContain("Two reels a week");

    // Share: the link works signed out and shows only the messages, until it is revoked in Settings.
    await page.getByRole("button", { name: "Conversation options" }).click();
    await page.getByRole("menuitem", { name: "Share link…" }).click();
    await page.getByRole("button", { name: "Create link" }).click();
    const link = await page.getByLabel("Link").inputValue();
    expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{40,}$/);
    await page.getByRole("button", { name: "Done" }).click();
    const visitor = await browser.newPage(PHONE);
    const visit = await visitor.goto(link);
    expect(visit?.headers()["x-robots-tag"]).toContain("noindex");
    await visitor.getByRole("heading", { name: "A conversation with Martha" }).waitFor();
    await visitor.getByText("Plan my spring marketing").waitFor();
    await visitor.locator("table").getByText("$300").waitFor();
    expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    const visible = (await visitor.locator("main").textContent()) ?? "";
    expect(visible).not.toContain("Spring plan for the cafés");
    expect(visible).not.toContain("Chat Owner");
    await screenshot(visitor, "shared-conversation-phone");

    await page.goto("/settings#shared-links");
    const shared = page.locator("#shared-links");
    await shared.getByText("Spring plan for the cafés").waitFor();
    await shared.getByRole("button", { name: "Revoke" }).click();
    await shared.getByText("You have not shared a conversation.", { exact: false }).waitFor();
    await visitor.reload();
    await visitor.getByRole("heading", { name: "This conversation is not available" }).waitFor();

    // Search (Ctrl+K) across every conversation opens the right one at the matching message, highlighted.
    await openChat(page);
    await page.keyboard.press("Control+k");
    await page.getByRole("combobox", { name: "Search conversations" }).fill("tuesd");
    const result = page.getByRole("option").filter({ hasText: "Tuesday" });
    await result.locator("mark").getByText("Tuesday").waitFor();
    await screenshot(page, "conversation-search-desktop");
    await result.click();
    await page.waitForURL((url) => url.searchParams.has("message"));
    await conversationList(page).locator('[aria-current="true"]').getByText("Send it on Tuesday mornings.").waitFor();

    // Delete asks first and offers Undo.
    await page.getByRole("button", { name: "Conversation options" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete conversation" }).click();
    await expectToast(page, "Conversation deleted", "Newsletter timing");
    await history.getByRole("button", { name: /Spring plan for the cafés/ }).waitFor();
    expect(await history.getByRole("button", { name: /Newsletter timing/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await history.getByRole("button", { name: /Newsletter timing/ }).waitFor();
  });

  it("resumes an answer after a reload and shows an interrupted one with Retry", async () => {
    const page = await chatOwnerPage(browser);
    await openChat(page);
    const words = Array.from({ length: 30 }, (_, index) => `step${index}`);
    const firstWords = createGate();
    const afterReload = createGate();
    fake.queueChat({
      reply: words.join(" "),
      chunkDelayMs: 20,
      holds: [
        { beforeChunk: 0, gate: firstWords },
        { beforeChunk: 5, gate: afterReload },
      ],
    });
    await askInPage(page, "Walk me through it slowly");
    // The answer says what it is doing before its first words.
    await conversationList(page).getByText("Martha is reading your notes…").waitFor();
    firstWords.open();
    await conversationList(page).getByText("step4", { exact: false }).waitFor();
    await page.reload();
    await conversationList(page).getByText("Walk me through it slowly").waitFor();
    // After the reload it shows what had arrived, then goes on live and ends whole.
    await conversationList(page).getByText("step4", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Stop answer" }).waitFor();
    afterReload.open();
    await conversationList(page).getByText("step29", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Send message" }).waitFor();
    const answer = (await browser.server.deps.db.select().from(messages).where(eq(messages.userId, page.userId))).find(
      (row) => row.sender === "ai",
    );
    expect(answer).toMatchObject({ status: "complete", content: words.join(" ") });

    // An answer a crash cut short: "This answer was interrupted" with Retry.
    await browser.server.deps.db
      .update(messages)
      .set({ status: "interrupted", content: "step0 step1" })
      .where(eq(messages.id, answer?.id ?? ""));
    await page.reload();
    const interrupted = conversationList(page).getByRole("alert").filter({ hasText: "This answer was interrupted." });
    await interrupted.waitFor();
    fake.queueChat({ reply: "All steps, this time in full." });
    await interrupted.getByRole("button", { name: "Retry" }).click();
    await conversationList(page).getByText("All steps, this time in full.").waitFor();
    expect(await conversationList(page).getByText("This answer was interrupted.").count()).toBe(0);
  });

  it("fits a phone: history and Superpowers in sheets, any time", async () => {
    const page = await chatOwnerPage(browser, PHONE);
    await openChat(page);
    fake.queueChat({ reply: "Short answer for a phone." });
    fake.queueCompletion({ reply: "Phone question" });
    await askInPage(page, "Hello from my phone");
    await conversationList(page).getByText("Short answer for a phone.").waitFor();

    // The director's prompts stay one tap away after the conversation has started.
    await page.getByRole("button", { name: "Superpowers" }).click();
    const prompts = page.getByRole("dialog", { name: "Superpowers" });
    fake.queueChat({ reply: "Here is a campaign." });
    await prompts.getByRole("button", { name: "Draft a one-month campaign plan for my best-selling product." }).click();
    await conversationList(page).getByText("Here is a campaign.").waitFor();

    // Scrolled up to read, the owner gets "Jump to latest" back down.
    fake.queueChat({ reply: Array.from({ length: 40 }, (_, index) => `- Week ${index + 1}: one post`).join("\n") });
    await askInPage(page, "A long plan, please");
    await conversationList(page).getByText("Week 40: one post").waitFor();
    await page.getByRole("button", { name: "Send message" }).waitFor();
    expect(await page.getByRole("button", { name: "Jump to latest" }).count()).toBe(0);
    await conversationList(page).getByText("Hello from my phone").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Jump to latest" }).click();
    await page.getByRole("button", { name: "Jump to latest" }).waitFor({ state: "detached" });
    expect(await conversationList(page).getByText("Week 40: one post").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Conversations", exact: true }).click();
    const sheet = page.getByRole("dialog", { name: "Conversations" });
    await sheet.getByRole("button", { name: /Phone question/ }).waitFor();
    await screenshot(page, "conversation-history-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await sheet.getByRole("button", { name: "Close" }).click();
    await screenshot(page, "conversation-phone");
    await page.setViewportSize(DESKTOP);
    expect(await chatInput(page).isVisible()).toBe(true);
  });
});

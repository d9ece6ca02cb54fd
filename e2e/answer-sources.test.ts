import { afterAll, describe, expect, it } from "vitest";
import { replaceSourcePieces } from "../server/ai/context-index";
import { knowledgeSources } from "../server/db/schema";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { askInPage, chatOwnerPage, conversationList, openChat } from "./support/chat-owner";

const fake = await startFakeAiServer();
afterAll(() => fake.close());

const browser = setupBrowser({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-sources", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" },
});

const PRICE_PASSAGE =
  "Croissant: £3.20 each from 1 March 2026. Pain au chocolat: £3.60 each. Wholesale croissants are £1.90 for orders of 24 or more.";

describe("an answer's sources", () => {
  it("shows what an answer cited, opens the excerpt, leads to the document, and keeps it all on a phone", async () => {
    const page = await chatOwnerPage(browser, DESKTOP);
    // The owner's profile has two answers ([1], [2]) and Martha's training ten ([3]–[12]): the price list is [13].
    const db = browser.server.deps.db;
    const [source] = await db
      .insert(knowledgeSources)
      .values({
        userId: page.userId,
        kind: "file",
        format: "csv",
        name: "Price list 2026.csv",
        sizeBytes: 2048,
        rowCount: 88,
        status: "ready",
      })
      .returning({ id: knowledgeSources.id });
    if (!source) throw new Error("no source");
    await replaceSourcePieces(db, {
      userId: page.userId,
      sourceId: source.id,
      createdAt: new Date(),
      pieces: [{ content: PRICE_PASSAGE, location: "rows 2–12", heading: null }],
    });

    await openChat(page, "/chat?director=martha");
    fake.queueChat({
      reply:
        "Keep the croissant at **£3.20** [13] and say so on the counter card. It suits a specialty shop like yours [2] and protects the margin [42].",
    });
    await askInPage(page, "What should a croissant cost?");

    // The marker [13] is a small link; [42] matched no block and is gone; the Sources row lists what was cited.
    const citation = conversationList(page).getByRole("button", { name: "Source 13: Price list 2026.csv, rows 2–12" });
    await citation.waitFor();
    await conversationList(page).getByText("protects the margin.").waitFor();
    expect(await conversationList(page).getByText("[42]").count()).toBe(0);
    const sources = conversationList(page).getByRole("region", { name: "Sources" });
    await sources.getByRole("button", { name: /Price list 2026\.csv, rows 2–12/ }).waitFor();
    await sources.getByRole("button", { name: /Business profile: Industry/ }).waitFor();
    // What else it was given, folded.
    await sources.getByRole("button", { name: "Also provided (11)" }).click();
    await sources
      .getByRole("list", { name: "Also provided" })
      .getByRole("button", { name: /Business name/ })
      .waitFor();
    await screenshot(page, "answer-sources-1280");

    // The excerpt, the passage the answer drew on marked, and the way to the document.
    await citation.click();
    const dialog = page.getByRole("dialog", { name: "Price list 2026.csv" });
    await dialog.getByText("rows 2–12").waitFor();
    expect(await dialog.locator("mark").first().textContent()).toBe("Croissant: £3.20 each from 1 March 2026.");
    await screenshot(page, "answer-sources-excerpt-1280");
    await dialog.getByRole("link", { name: "Open in Knowledge" }).click();
    await page.waitForURL((url) => url.pathname === "/knowledge" && url.searchParams.get("source") === source.id);
    const row = page.getByRole("listitem", { name: "Price list 2026.csv" });
    await row.waitFor();
    expect(await row.getAttribute("aria-current")).toBe("location");

    // Back on a phone, from the stored conversation: the same links, the excerpt by keyboard.
    await page.setViewportSize(PHONE);
    await openChat(page, "/chat?director=martha");
    const stored = conversationList(page).getByRole("button", { name: "Source 13: Price list 2026.csv, rows 2–12" });
    await stored.waitFor();
    await screenshot(page, "answer-sources-375");
    await stored.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Price list 2026.csv" }).waitFor();
    await screenshot(page, "answer-sources-excerpt-375");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // An answer that used none of the owner's context says so quietly.
    fake.queueChat({ reply: "Most bakeries open early to catch commuters." });
    await askInPage(page, "When do bakeries usually open?");
    await conversationList(page)
      .getByText("General advice: this answer does not draw on anything you have told us.")
      .waitFor();
  });
});

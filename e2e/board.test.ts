import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { DirectorId } from "#shared/directors";
import { TRAINING_QUESTIONS } from "#shared/training";
import { directorTrainings } from "../server/db/schema";
import { BOARD_ANSWERS, boardRoute } from "../server/test/board-scripts";
import { createGate, startFakeAiServer } from "../server/test/fake-ai-server";
import { answersFor } from "../server/test/fixtures";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { type ChatOwnerOptions, chatOwnerPage, conversationList, openChat } from "./support/chat-owner";

const fake = await startFakeAiServer();
afterAll(() => fake.close());
const browser = setupBrowser({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-board", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" },
});

const QUESTION = "Should we spend more on spring marketing?";

/** A signed-in owner with these directors trained. */
async function boardOwnerPage(
  viewport: { width: number; height: number },
  trained: DirectorId[],
  plan: ChatOwnerOptions["plan"] = "premium",
) {
  const page = await chatOwnerPage(browser, viewport, { plan, train: false });
  const trainedAt = new Date();
  await browser.server.deps.db
    .insert(directorTrainings)
    .values(
      trained.map((directorId) => ({ userId: page.userId, directorId, answers: answersFor(directorId), trainedAt })),
    );
  return page;
}

const question = (page: Page) => page.getByRole("textbox", { name: /question for the board/i });
const memo = (page: Page) => page.getByRole("region", { name: "Board memo" });

describe("the board meeting", () => {
  it("puts one question to every trained director side by side, writes the memo, follows up and carries on in a chat", async () => {
    const page = await boardOwnerPage(DESKTOP, ["martha", "finn", "ollie", "harper"]);
    fake.route = boardRoute({ chunkDelayMs: 30, memoChunkDelayMs: 5 });
    fake.queueCompletion({ reply: "Spring marketing budget" });
    await openChat(page);
    await page.getByRole("link", { name: /Board meeting/ }).click();
    await page.waitForURL("**/board");
    await page.getByRole("heading", { name: "Put one question to your board" }).waitFor();
    for (const name of ["Martha", "Finn", "Ollie", "Harper"]) {
      expect(await page.getByRole("button", { name: new RegExp(`^${name}`) }).getAttribute("aria-pressed")).toBe(
        "true",
      );
    }
    await page
      .getByText(
        "Martha, Finn, Ollie and Harper answer at once. You can send 20 messages a minute, and this question counts as 4.",
      )
      .waitFor();
    await screenshot(page, "board-desktop-new");
    // Who sits in is the owner's choice; the cost follows it.
    await page.getByRole("button", { name: /^Harper/ }).click();
    await page
      .getByText(
        "Martha, Finn and Ollie answer at once. You can send 20 messages a minute, and this question counts as 3.",
      )
      .waitFor();
    await page.getByRole("button", { name: /^Harper/ }).click();
    await page
      .getByText("You can send 20 messages a minute, and this question counts as 4.", { exact: false })
      .waitFor();

    // From the first word to the memo the answers stay on screen: not replaced by a new meeting or a loading
    // placeholder when the meeting gets its id and the URL takes it.
    await page.evaluate(() => {
      const watched = window as unknown as { answersLeft?: boolean };
      let shown = false;
      new MutationObserver(() => {
        if (document.querySelector(`[role="tablist"][aria-label="The directors' answers"]`)) shown = true;
        else if (shown) watched.answersLeft = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await question(page).fill(QUESTION);
    await question(page).press("Enter");
    const tabs = page.getByRole("tablist", { name: "The directors' answers" });
    const panel = page.getByRole("tabpanel");
    await tabs.getByRole("tab").nth(3).waitFor();
    expect(await tabs.getByRole("tab").count()).toBe(4);
    for (const [index, id] of (["martha", "finn", "ollie", "harper"] as const).entries()) {
      await tabs.getByRole("tab").nth(index).click();
      await panel.getByText(BOARD_ANSWERS[id].replaceAll("**", "").slice(0, 40)).waitFor();
    }
    await memo(page).getByRole("heading", { name: "Where they disagree" }).waitFor();
    await memo(page).getByText("Spring ad budget:").waitFor();
    // Finn's answer cites block [7]: after this owner's two profile answers, Finn's fifth training answer.
    const cited = TRAINING_QUESTIONS.finn[4];
    await tabs.getByRole("tab", { name: /^Finn/ }).click();
    await panel.getByRole("button", { name: `Source 7: Finn's training: ${cited?.question}` }).click();
    await page
      .getByRole("dialog")
      .getByText(answersFor("finn")[cited?.name ?? ""] ?? "")
      .waitFor();
    await screenshot(page, "board-desktop-source");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await memo(page).getByRole("heading", { name: "Next steps" }).waitFor();
    const answersLeft = await page.evaluate(() => (window as unknown as { answersLeft?: boolean }).answersLeft);
    expect(answersLeft ?? false).toBe(false);
    await page.waitForURL(/\/board\?meeting=/);
    await page.getByRole("button", { name: "Ask the board" }).waitFor();
    // The decision first: opened again, the meeting shows its question and the memo right under it, in view, and
    // the answers after the memo.
    await page.reload();
    await memo(page).getByRole("heading", { name: "Next steps" }).waitFor();
    const memoBox = await memo(page).boundingBox();
    const tabsBox = await tabs.boundingBox();
    expect(memoBox && tabsBox && memoBox.y < tabsBox.y).toBe(true);
    expect(memoBox && memoBox.y > 0 && memoBox.y + 120 < DESKTOP.height).toBe(true);
    // Only the meeting scrolls there: the page around it, with its header, stays put.
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
    await screenshot(page, "board-desktop-memo", { fullPage: false });
    await tabs.scrollIntoViewIfNeeded();
    await screenshot(page, "board-desktop-answers", { fullPage: false });

    // A follow-up goes to the same directors, under the first round.
    await question(page).fill("What if we wait until May?");
    await question(page).press("Enter");
    await page.getByRole("heading", { name: "What if we wait until May?" }).waitFor();
    await page.getByRole("region", { name: "Board memo" }).nth(1).getByText("Spring ad budget:").waitFor();
    await page.getByRole("button", { name: "Ask the board" }).waitFor();
    expect(await page.getByRole("tablist", { name: "The directors' answers" }).count()).toBe(2);

    // Kept in the history beside the chats.
    const history = page.getByRole("navigation", { name: "Conversations" });
    await history.getByText("Board meeting ·").waitFor();

    // Into a one-to-one chat with Finn, who has the memo.
    await page
      .getByRole("tablist", { name: "The directors' answers" })
      .nth(1)
      .getByRole("tab", { name: /^Finn/ })
      .click();
    await page.getByRole("tabpanel").nth(1).getByRole("button", { name: "Continue with Finn" }).click();
    await page.waitForURL(/\/chat\?director=finn&conversation=/);
    const thread = conversationList(page);
    await thread.getByText("From the board meeting: the memo").waitFor();
    await thread.getByText("What if we wait until May?").waitFor();
    await screenshot(page, "board-carried-into-chat-desktop");
  });

  it("shows tabs with a live indicator on a phone, goes on without a failed director, and retries it", async () => {
    const page = await boardOwnerPage(PHONE, ["martha", "finn", "ollie"]);
    let finnFails = true;
    // Martha's answer waits halfway until her tab has been seen answering.
    const marthaRest = createGate();
    fake.route = boardRoute({
      chunkDelayMs: 60,
      memoChunkDelayMs: 5,
      override: (author) => {
        if (author === "finn" && finnFails) return { fail: { status: 400 } };
        if (author === "martha") return { reply: BOARD_ANSWERS.martha, holds: [{ beforeChunk: 4, gate: marthaRest }] };
        return undefined;
      },
    });
    fake.queueCompletion({ reply: "Spring marketing budget" });
    await openChat(page);
    await page.getByLabel("Switch director").selectOption("board");
    await page.waitForURL("**/board");
    await page
      .getByText(
        "Martha, Finn and Ollie answer at once. You can send 20 messages a minute, and this question counts as 3.",
      )
      .waitFor();
    await screenshot(page, "board-phone-new");
    await question(page).fill(QUESTION);
    await question(page).press("Enter");

    const tabs = page.getByRole("tablist", { name: "The directors' answers" });
    await tabs.getByRole("tab", { name: "Martha, answering" }).waitFor();
    await page.getByRole("tabpanel").getByText("Spend $2,000").waitFor();
    await screenshot(page, "board-phone-answering");
    marthaRest.open();
    await tabs.getByRole("tab", { name: "Finn, did not answer" }).waitFor();
    await tabs.getByRole("tab", { name: "Martha, answered" }).waitFor();
    await memo(page).getByText("Finn: did not answer; this memo is written without them.").waitFor();

    await tabs.getByRole("tab", { name: /^Finn/ }).click();
    const panel = page.getByRole("tabpanel");
    await panel.getByRole("alert").getByText("Failed to generate a response. Please try again.").waitFor();
    await screenshot(page, "board-phone-failed-director");

    finnFails = false;
    await panel.getByRole("button", { name: "Retry" }).click();
    await tabs.getByRole("tab", { name: "Finn, answered" }).waitFor();
    await panel.getByText(BOARD_ANSWERS.finn.replaceAll("**", "").slice(0, 40)).waitFor();
    await memo(page).getByText("Spring ad budget:").waitFor();
    await page.getByRole("button", { name: "Ask the board" }).waitFor();
    expect(await memo(page).getByText("did not answer").count()).toBe(0);
    await screenshot(page, "board-phone-retried");
  });

  it("explains the board to an owner with one trained director, on the plan that allows one", async () => {
    const page = await boardOwnerPage(PHONE, ["martha"], "standard");
    await openChat(page);
    await page.getByRole("button", { name: "Conversations" }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: /Board meeting/ })
      .click();
    await page.waitForURL("**/board");
    await page.getByRole("heading", { name: "Hold a board meeting" }).waitFor();
    await page.getByText("You have trained Martha so far.").waitFor();
    await page.getByText("The Premium plan includes 4 directors, enough for a board meeting.").waitFor();
    expect(await page.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/subscription?unlock=finn");
    expect(await question(page).count()).toBe(0);
    await screenshot(page, "board-phone-one-director");
  });

  for (const [viewport, size] of [
    [DESKTOP, "desktop"],
    [PHONE, "phone"],
  ] as const) {
    it(`lets a trial owner hold one preview meeting with Premium's four directors (${size})`, async () => {
      const page = await boardOwnerPage(viewport, ["martha"], "free-trial");
      fake.route = boardRoute({ memoChunkDelayMs: 5 });
      fake.queueCompletion({ reply: "Spring marketing budget" });
      await page.goto("/board");
      await page.getByRole("heading", { name: "Put one question to your board" }).waitFor();
      const note = page.getByRole("region", { name: "Preview meeting" });
      await note.getByText("Hold one board meeting with the Premium plan's 4 directors.", { exact: false }).waitFor();
      await note
        .getByText("Finn, Ollie and Harper aren't trained yet, so they answer from your business profile.", {
          exact: false,
        })
        .waitFor();
      // Marked as a preview beside the meeting's title.
      await page.locator("#board-heading + p").getByText("Preview", { exact: true }).waitFor();
      await page.getByText("Martha, Finn, Ollie and Harper answer at once.", { exact: false }).waitFor();
      await screenshot(page, `board-preview-${size}-new`, { fullPage: false });

      await question(page).fill(QUESTION);
      await question(page).press("Enter");
      await memo(page).getByRole("heading", { name: "Next steps" }).waitFor();
      // One question: no follow-up box, but what Premium adds.
      await page.getByText("That was your preview board meeting.").waitFor();
      expect(await question(page).count()).toBe(0);
      const tabs = page.getByRole("tablist", { name: "The directors' answers" });
      await tabs.getByRole("tab", { name: "Harper, answered" }).waitFor();
      // Martha is the owner's to chat with; Finn is not on this plan.
      await page.getByRole("tabpanel").getByRole("button", { name: "Continue with Martha" }).waitFor();
      await tabs.getByRole("tab", { name: /^Finn/ }).click();
      await page.getByRole("tabpanel").getByText(BOARD_ANSWERS.finn.replaceAll("**", "").slice(0, 40)).waitFor();
      expect(await page.getByRole("button", { name: "Continue with Finn" }).count()).toBe(0);
      await screenshot(page, `board-preview-${size}-held`, { fullPage: false });

      // Held once: a new meeting explains the board, with the way back to the preview.
      await page.goto("/board");
      await page.getByRole("heading", { name: "Hold a board meeting" }).waitFor();
      await page.getByRole("link", { name: "Open your preview meeting" }).waitFor();
      expect(await question(page).count()).toBe(0);
    });
  }
});

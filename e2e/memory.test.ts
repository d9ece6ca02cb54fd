import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { TRAINING_QUESTIONS } from "#shared/training";
import { directorTrainings, rememberedFacts } from "../server/db/schema";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { PHONE, screenshot, setupBrowser } from "./support/browser";
import { askInPage, chatOwnerPage, conversationList, openChat } from "./support/chat-owner";
import { expectToast } from "./support/toasts";

const fake = await startFakeAiServer();
afterAll(() => fake.close());
const browser = setupBrowser({
  // Learning follows each answer that states something at once, rather than after a pause in the conversation.
  env: {
    AI_BASE_URL: fake.url,
    AI_API_KEY: "sk-e2e-memory",
    CHAT_MODEL: "e2e-chat",
    EMBEDDING_MODEL: "none",
    LEARNING_PAUSE_SECONDS: "0",
  },
});

/** The owner's turn of the latest answer the test AI server was asked for. */
function lastPrompt(): string {
  const messages = fake.streamedChatRequests().at(-1)?.body.messages as Array<{ content: string }>;
  return messages.at(-1)?.content ?? "";
}

describe("directors that learn", () => {
  it("notes facts under an answer, asks for a missing key fact, and shows it all in Settings", async () => {
    const page = await chatOwnerPage(browser);
    const answers = Object.fromEntries(TRAINING_QUESTIONS.finn.map((q) => [q.name, `Our answer about ${q.name}`]));
    await browser.server.deps.db
      .insert(directorTrainings)
      .values({ userId: page.userId, directorId: "finn", answers, trainedAt: new Date() });

    // /select-department: how complete each director's picture is, with the missing facts named.
    await page.goto("/select-department");
    const finnCard = page.getByRole("group", { name: "Finn" });
    await finnCard.getByText("Finn knows 10 of 14 key facts").waitFor();
    await finnCard.getByText("Missing: Monthly revenue, Gross margin, Cash in the bank, Monthly burn").waitFor();
    await screenshot(page, "memory-select-department-desktop");

    await openChat(page, "/chat?director=finn");
    const meter = page.getByRole("button", { name: "Finn knows 10 of 14 key facts. Show which" });
    await meter.waitFor();
    // A count to read, not a ring that looks like something loading: one mark per key fact.
    expect(await meter.locator("svg").count()).toBe(0);
    expect(await meter.locator('[aria-hidden="true"] > span').count()).toBe(14);

    fake.queueChat({ reply: "A healthy margin for a café is **60–70%** on drinks." });
    fake.queueObject({
      reply: JSON.stringify({
        facts: [
          { statement: "We hired two baristas in March.", date: "2026-03-01", keyFact: null },
          { statement: "April revenue was £38k.", date: "2026-04-01", keyFact: "monthly_revenue" },
        ],
      }),
    });
    await askInPage(page, "We hired two baristas in March and April revenue was £38k. Is my margin healthy?");
    const thread = conversationList(page);
    await thread.getByText("60–70%").waitFor();

    // A quiet line under the answer opens what Finn noted, each with Keep, Edit and Dismiss.
    await thread.getByRole("button", { name: "Finn noted 2 things" }).click();
    const noted = page.getByRole("list", { name: "What Finn noted" });
    await noted.getByText("We hired two baristas in March.").waitFor();
    await noted.getByRole("button", { name: "Keep “We hired two baristas in March.”" }).click();
    await thread.getByRole("button", { name: "Finn noted 2 things · 1 kept" }).waitFor();
    await noted.getByRole("button", { name: "Edit “April revenue was £38k.”" }).click();
    await noted.getByLabel("The fact").fill("April revenue was £38,400.");
    await noted.getByRole("button", { name: "Save and keep" }).click();
    await thread.getByRole("button", { name: "Finn remembers 2 things" }).waitFor();
    await page.getByRole("button", { name: "Finn knows 11 of 14 key facts. Show which" }).waitFor();

    // The question touched a missing key fact: Finn asks for it in one field.
    const ask = page.getByRole("form", { name: "Finn asks: What is your gross margin, roughly?" });
    await ask.getByRole("textbox").fill("About 42%");
    await ask.getByRole("textbox").press("Enter");
    await thread.getByText("Thanks. Finn will use “About 42%” from the next answer on.").waitFor();
    await page.getByRole("button", { name: "Finn knows 12 of 14 key facts. Show which" }).waitFor();
    await screenshot(page, "memory-chat-desktop");

    // From the next answer on, every kept fact goes with the question.
    const everyBlock = Array.from({ length: 20 }, (_, index) => `[${index + 1}]`).join("");
    fake.queueChat({ reply: `Then raise the price of a flat white by 20p. ${everyBlock}` });
    fake.queueObject({
      reply: JSON.stringify({ facts: [{ statement: "We open a second shop in June.", date: null, keyFact: null }] }),
    });
    await askInPage(page, "We open a second shop in June. What should I do next?");
    await thread.getByText("raise the price").waitFor();
    // The second answer's line appears live too, without a reload.
    await thread.getByRole("button", { name: "Finn noted 1 thing" }).click();
    await thread.getByRole("button", { name: "Dismiss “We open a second shop in June.”" }).click();
    await thread.getByRole("button", { name: "Finn noted 1 thing" }).waitFor({ state: "detached" });
    expect(lastPrompt()).toContain("What you told Finn, 2026-04-01: April revenue was £38,400.");
    expect(lastPrompt()).toContain("What you told Finn, 2026-03-01: We hired two baristas in March.");
    expect(lastPrompt()).toContain("Gross margin: About 42%");
    // A fact's day in its source reads as every other date does: the owner's locale, not 2026-04-01.
    const april1 = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(2026, 3, 1)),
    );
    await thread.getByRole("button", { name: new RegExp(`^Source \\d+: What you told Finn: ${april1}$`) }).waitFor();
    expect(await thread.getByText("2026-04-01", { exact: false }).count()).toBe(0);

    // Settings: everything in one place, each with where and when it came from.
    await page.goto("/settings");
    const known = page.getByRole("region", { name: "What your directors know" });
    const facts = known.getByRole("region", { name: "Facts they remember" });
    await facts.getByText("April revenue was £38,400.").waitFor();
    await facts.getByText("Your answer to Finn").waitFor();
    expect(await facts.getByRole("link", { name: /^From your chat with Finn/ }).count()).toBe(2);
    await known.getByRole("region", { name: "Business profile" }).getByText("Bright Bean Coffee").waitFor();

    // Edit and delete take effect in the next prompt; a fact added by hand too.
    await facts.getByRole("button", { name: "Edit “We hired two baristas in March.”" }).click();
    await facts.getByLabel("The fact").fill("We hired three baristas in March.");
    await facts.getByRole("button", { name: "Save", exact: true }).click();
    await facts.getByText("We hired three baristas in March.").waitFor();
    await facts.getByRole("button", { name: "Delete “April revenue was £38,400.”" }).click();
    await facts.getByRole("button", { name: "Add a fact" }).click();
    await facts.getByLabel("The fact").fill("We close for two weeks every August.");
    await facts.getByRole("button", { name: "Add fact" }).click();
    await expectToast(page, "Fact added", "Your directors use it from the next answer on.");
    await facts.getByText("Added by you").waitFor();
    await facts.getByRole("switch", { name: "Keep automatically" }).click();
    await expectToast(page, "Facts are kept automatically", "What your directors note is remembered at once.");
    await known.getByRole("region", { name: "Training answers" }).getByText("Finn's training answers").click();
    await screenshot(page, "memory-settings-desktop");

    await openChat(page, "/chat?director=finn");
    fake.queueChat({ reply: "Plan the summer around August." });
    await askInPage(page, "When should I plan my holiday?");
    await conversationList(page).getByText("Plan the summer around August.").waitFor();
    expect(lastPrompt()).toContain("We hired three baristas in March.");
    expect(lastPrompt()).toContain("We close for two weeks every August.");
    expect(lastPrompt()).not.toContain("£38,400");
    const stored = await browser.server.deps.db
      .select({ statement: rememberedFacts.statement, status: rememberedFacts.status })
      .from(rememberedFacts)
      .where(eq(rememberedFacts.userId, page.userId));
    expect(stored.filter((fact) => fact.status !== "dismissed")).toHaveLength(3);
    expect(stored.find((fact) => fact.statement === "We open a second shop in June.")?.status).toBe("dismissed");
    expect(lastPrompt()).not.toContain("second shop");
  });

  it("on a phone: Not now hides the ask, and a missing fact is answered from the header", async () => {
    const page = await chatOwnerPage(browser, PHONE);
    await openChat(page);
    const meter = page.getByRole("button", { name: "Martha knows 10 of 12 key facts. Show which" });
    await meter.waitFor();

    fake.queueChat({ reply: "Aim for a cost below a month of coffee." });
    await askInPage(page, "What is a good cost per customer for us?");
    const ask = page.getByRole("form", {
      name: "Martha asks: What does it cost you to win one new customer, roughly?",
    });
    await ask.waitFor();
    await screenshot(page, "memory-ask-phone");
    await ask.getByRole("button", { name: "Not now" }).click();
    await ask.waitFor({ state: "detached" });
    await page.reload();
    await conversationList(page).getByText("Aim for a cost below").waitFor();
    expect(await page.getByRole("form", { name: /^Martha asks:/ }).count()).toBe(0);

    // The header's count opens the missing facts; one is answered right there.
    await meter.click();
    const popover = page.getByRole("dialog");
    await popover.getByText("What Martha knows").waitFor();
    await popover.getByRole("button", { name: "Answer: New customers per month" }).click();
    await popover.getByPlaceholder("e.g. Around 40").fill("About 35");
    await popover.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Martha knows 11 of 12 key facts. Show which" }).waitFor();
    await screenshot(page, "memory-header-phone");
    await page.keyboard.press("Escape");

    await page.goto("/settings#what-your-directors-know");
    await page
      .getByRole("region", { name: "Facts they remember" })
      .getByText("New customers per month: About 35")
      .waitFor();
    await screenshot(page, "memory-settings-phone");
  });
});

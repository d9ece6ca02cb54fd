import { afterAll, describe, expect, it } from "vitest";
import { CHAT_MESSAGE_TOO_LONG } from "#shared/chat";
import { CHAT_MESSAGE_MAX_LENGTH } from "#shared/constants";
import { TRAINING_QUESTIONS } from "#shared/training";
import { createGate, startFakeAiServer } from "../server/test/fake-ai-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import {
  askInPage,
  type ChatOwnerOptions,
  chatInput,
  chatOwnerPage,
  conversationList,
  openChat,
} from "./support/chat-owner";
import { noteWhenReadyToAsk } from "./support/ready-to-ask";

const DAY_MS = 24 * 60 * 60 * 1000;
const fake = await startFakeAiServer();
afterAll(() => fake.close());

const AI_ENV = { AI_BASE_URL: fake.url, AI_API_KEY: "sk-e2e-chat", CHAT_MODEL: "e2e-chat", EMBEDDING_MODEL: "none" };
const browser = setupBrowser({ env: AI_ENV });

const ownerPage = (viewport: { width: number; height: number } = DESKTOP, options: ChatOwnerOptions = {}) =>
  chatOwnerPage(browser, viewport, options);
const input = chatInput;
const conversation = conversationList;
const MARTHA_WELCOME =
  "Hi, I'm Martha, your Marketing Director. I have access to your onboarding and training information, so my advice fits your business.";

describe("the whole journey as a new owner", () => {
  it("signs up, picks a plan, onboards, trains Martha, chats, and finds the chat again on a phone", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/auth?signup=true");
    await page.getByLabel("Name").fill("Journey Owner");
    await page.getByLabel("Email").fill(`journey-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
    await page.getByLabel("Confirm password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.waitForURL("**/subscription");
    const premium = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Premium" }) });
    await premium.getByRole("button", { name: "Select Plan" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm Premium" }).click();
    await page.waitForURL("**/onboarding");

    const onboarding = [
      "Bright Bean Coffee",
      "Specialty coffee",
      "We roast single-origin coffee in small batches for two cafés.",
      "Remote workers aged 25 to 45 who care where their beans come from.",
      "Whole beans, a $24 monthly subscription and barista workshops.",
      "Grow subscriptions from 300 to 800 this year.",
      "Green coffee prices are up 30% and subscribers churn after three months.",
      "Two national chains and a few online roasters.",
      "We roast to order within 48 hours and know every farmer by name.",
      "Monthly revenue, active subscribers and churn.",
    ];
    for (const [index, answer] of onboarding.entries()) {
      await page.getByText(`Step ${index + 1} of 10`, { exact: true }).waitFor();
      await page.locator("form").getByRole("textbox").fill(answer);
      await page.getByRole("button", { name: index === 9 ? "Complete" : "Next" }).click();
    }

    await page.waitForURL("**/select-department");
    await page.getByRole("group", { name: "Martha" }).getByRole("link", { name: "Start Training" }).click();
    await page.getByRole("heading", { level: 1, name: "Train Martha" }).waitFor();
    for (const [index, question] of TRAINING_QUESTIONS.martha.entries()) {
      await page.getByText(`Question ${index + 1} of 10`, { exact: true }).waitFor();
      await page.locator("form").getByRole("textbox").fill(`For ${question.name}: we spend $800 a month on Instagram.`);
      await page.getByRole("button", { name: index === 9 ? "Complete Training" : "Next" }).click();
    }

    await page.waitForURL((url) => url.pathname === "/chat" && url.searchParams.get("director") === "martha");
    await conversation(page).getByText(MARTHA_WELCOME).waitFor();
    const restOfAnswer = createGate();
    fake.queueChat({
      reply: "With **$800 a month** on Instagram, move a quarter of it to email for Bright Bean Coffee subscribers.",
      holds: [{ beforeChunk: 3, gate: restOfAnswer }],
    });
    await input(page).fill("How should I spend my marketing budget?");
    await input(page).press("Enter");
    await conversation(page).getByText("With").waitFor();
    await page.getByRole("button", { name: "Stop answer" }).waitFor();
    expect(await conversation(page).getByText("Bright Bean Coffee subscribers.").count()).toBe(0);
    restOfAnswer.open();
    await conversation(page).getByText("Bright Bean Coffee subscribers.").waitFor();

    // What the director was told: the persona, the business and the training, then the question.
    const sent = fake.streamedChatRequests().at(-1)?.body.messages as Array<{ role: string; content: string }>;
    expect(sent[0]?.content).toContain("You are Martha, the Marketing Director");
    expect(sent.at(-1)?.content).toContain("Bright Bean Coffee");
    expect(sent.at(-1)?.content).toContain("For budget: we spend $800 a month on Instagram.");
    expect(sent.at(-1)?.content).toContain("My question: How should I spend my marketing budget?");

    await page.reload();
    await conversation(page).getByText("How should I spend my marketing budget?").waitFor();
    await conversation(page).getByText("Bright Bean Coffee subscribers.").waitFor();

    await page.getByRole("button", { name: /^Finn/ }).click();
    await page.getByRole("heading", { level: 1, name: "Finn" }).waitFor();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    await page.getByRole("button", { name: /^Martha/ }).click();
    await page.getByRole("heading", { level: 1, name: "Martha" }).waitFor();
    await conversation(page).getByText("Bright Bean Coffee subscribers.").waitFor();

    await page.getByRole("button", { name: "Clear conversation" }).click();
    await page.getByText("Conversation cleared", { exact: true }).waitFor();
    await page.getByText("Started a new conversation with this director.", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    await screenshot(page, "chat-journey-desktop");

    await page.setViewportSize(PHONE);
    await page.reload();
    await conversation(page).getByText(MARTHA_WELCOME).waitFor();
    expect(await page.getByRole("heading", { name: "Superpowers" }).isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: "Directors" }).isVisible()).toBe(false);
    await page.getByLabel("Switch director").waitFor();
    await screenshot(page, "chat-journey-phone");
  });
});

describe("chatting with a director", () => {
  it("shows a skeleton, then the welcome message, then the empty state", async () => {
    const page = await ownerPage();
    // Hold the director list back so its loading state can be seen.
    let releaseList = () => {};
    const listHeld = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    await page.route("**/api/directors", async (route) => {
      await listHeld;
      await route.continue();
    });
    await page.goto("/chat");
    await page.getByText("Loading conversation…").waitFor({ state: "attached" });
    await page.getByTestId("director-skeleton").first().waitFor();
    expect(await page.getByTestId("director-skeleton").count()).toBe(3);
    releaseList();
    await page.getByRole("button", { name: /^Finn/ }).waitFor();
    await page.getByText(MARTHA_WELCOME).waitFor();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Martha" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await page.getByRole("heading", { name: "Directors" }).waitFor();
    await page.getByRole("heading", { name: "Superpowers" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Message Martha" }).getAttribute("placeholder")).toBe(
      "Ask Martha anything...",
    );
    // The welcome message is shown, never stored.
    const stored = await page.request.get("/api/chat/martha");
    expect(((await stored.json()) as { messages: unknown[] }).messages).toEqual([]);
  });

  it("streams an answer in, keeps it after a reload, and shows the time of day", async () => {
    const page = await ownerPage();
    await openChat(page);
    const firstWords = createGate();
    const restOfAnswer = createGate();
    fake.queueChat({
      reply: "Start with **email**: it is your cheapest channel. Then test one Instagram ad for a week.",
      holds: [
        { beforeChunk: 0, gate: firstWords },
        { beforeChunk: 4, gate: restOfAnswer },
      ],
    });
    await input(page).fill("Which channel should I focus on?");
    await input(page).press("Enter");
    expect(await input(page).inputValue()).toBe("");
    await conversation(page).getByText("Which channel should I focus on?").waitFor();
    await conversation(page).getByText("Martha is reading your notes…").waitFor();
    await page.getByRole("button", { name: "Stop answer" }).waitFor();
    // The question being answered is not marked like a search result: progress shows in the answer, calmly.
    expect(await conversation(page).locator('[aria-current="true"]').count()).toBe(0);
    await screenshot(page, "chat-answering-desktop");
    firstWords.open();

    // Part of the answer shows before the rest has arrived.
    await conversation(page).getByText("Start with").waitFor();
    expect(await conversation(page).getByText("for a week.").count()).toBe(0);
    restOfAnswer.open();
    await conversation(page).getByText("for a week.").waitFor();
    await page.getByRole("button", { name: "Send message" }).waitFor();
    expect(await conversation(page).locator("strong", { hasText: "email" }).count()).toBe(1);
    await screenshot(page, "chat-desktop");

    await page.reload();
    await conversation(page).getByText("Which channel should I focus on?").waitFor();
    await conversation(page).getByText("for a week.").waitFor();
    const times = await conversation(page).locator("time").allTextContents();
    expect(times.length).toBe(3);
    for (const time of times) expect(time).toMatch(/\d{1,2}[:.]\d{2}/);
  });

  it("answers before any code fetched after the first load has arrived, and that code then works", async () => {
    const page = await ownerPage();
    // Every script the page asks for once a question can be sent (window.readyAt) is held until released.
    await page.addInitScript(noteWhenReadyToAsk);
    const held: Array<() => void> = [];
    let holding = true;
    await page.route("**/*.js", async (route) => {
      const afterReady = await page.evaluate(() => "readyAt" in window).catch(() => false);
      if (holding && afterReady) await new Promise<void>((release) => held.push(release));
      await route.continue();
    });
    await openChat(page);
    fake.queueChat({ reply: "Start with **email** for a week." });
    await askInPage(page, "Where should I start?");
    await conversation(page).getByText("Start with **email** for a week.").waitFor();
    await page.getByRole("button", { name: "Send message" }).waitFor();
    // The answer is there as plain text: the Markdown renderer, the answer's actions and the menu are still held.
    expect(held.length).toBeGreaterThan(0);
    expect(await conversation(page).locator("strong").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Copy answer" }).count()).toBe(0);

    holding = false;
    for (const release of held.splice(0)) release();
    await conversation(page).locator("strong", { hasText: "email" }).waitFor();
    await page.getByRole("button", { name: "Copy answer" }).waitFor();
    await page.getByRole("button", { name: "Conversation options" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).waitFor();
  });

  it("sends with Enter, adds a line with Shift+Enter, ignores blank text", async () => {
    const page = await ownerPage();
    await openChat(page);
    const before = fake.streamedChatRequests().length;
    await input(page).fill("   ");
    await input(page).press("Enter");
    await page.waitForTimeout(300);
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    expect(fake.streamedChatRequests().length).toBe(before);

    await input(page).fill("First line");
    await input(page).press("Shift+Enter");
    await input(page).pressSequentially("second line");
    expect(await input(page).inputValue()).toBe("First line\nsecond line");
    await input(page).press("Enter");
    await conversation(page).getByText("Here is my advice").waitFor();
    const sent = fake.streamedChatRequests().at(-1)?.body.messages as Array<{ content: string }>;
    expect(sent.at(-1)?.content).toContain("My question: First line\nsecond line");

    // Over the limit: refused with the reason, the text kept; the reason goes once the text fits.
    const sentBefore = fake.streamedChatRequests().length;
    await input(page).fill("x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    await input(page).press("Enter");
    await page.getByRole("alert").getByText(CHAT_MESSAGE_TOO_LONG).waitFor();
    expect(await input(page).inputValue()).toHaveLength(CHAT_MESSAGE_MAX_LENGTH + 1);
    await input(page).press("Backspace");
    await page.getByText(CHAT_MESSAGE_TOO_LONG).waitFor({ state: "detached" });
    expect(fake.streamedChatRequests().length).toBe(sentBefore);
  });

  it("sends a suggested prompt from the Superpowers panel", async () => {
    const page = await ownerPage();
    await openChat(page);
    const prompt = "Draft a one-month campaign plan for my best-selling product.";
    await page.getByRole("button", { name: prompt }).click();
    await conversation(page).getByText(`You said: ${prompt}`).waitFor();
    await conversation(page).getByText(`Here is my advice on "${prompt}`).waitFor();
  });

  it("switches directors from the sidebar and keeps the choice in the URL", async () => {
    const page = await ownerPage();
    await openChat(page);
    await page.getByRole("button", { name: /^Finn/ }).click();
    await page.waitForURL("**/chat?director=finn");
    await page.getByRole("heading", { level: 1, name: "Finn" }).waitFor();
    await page.getByText("Finn answers from your business profile.").waitFor();
    expect(await page.getByRole("button", { name: /^Finn Finance Director/ }).getAttribute("aria-current")).toBe(
      "page",
    );
    await page
      .getByRole("button", { name: /^Ollie/ })
      .getByText("Operations", { exact: true })
      .waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Finn" }).waitFor();
    await page.getByText("Hi, I'm Finn, your Finance Director.", { exact: false }).waitFor();
  });

  it("opens the director passed in the navigation state and mirrors it in the URL", async () => {
    const page = await ownerPage();
    await page.goto("/settings");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.evaluate(() => {
      window.history.pushState({ usr: { selectedDirector: "harper" }, key: "chat-test", idx: 1 }, "", "/chat");
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
    });
    await page.waitForURL("**/chat?director=harper");
    await page.getByRole("heading", { level: 1, name: "Harper" }).waitFor();
  });

  it("shows the error alert and toast for an unknown director", async () => {
    const page = await ownerPage();
    await page.goto("/chat?director=zed");
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load director data. Please try again." });
    await alert.getByRole("heading", { name: "Error" }).waitFor();
    const toast = page.locator("li[data-state='open']").filter({ hasText: "Failed to load director data." });
    await toast.getByText("Error", { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await toast.count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Draft a one-month/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Clear conversation" }).isDisabled()).toBe(true);
  });

  it("renders answers as safe Markdown", async () => {
    const page = await ownerPage();
    await openChat(page);
    fake.queueChat({
      reply: [
        "Here is the plan:",
        "",
        "- **Week 1**: email",
        "- Week 2: [our guide](https://example.com/guide)",
        "",
        "| Channel | Budget |",
        "| --- | --- |",
        "| Email | $200 |",
        "",
        '<img src="x" onerror="window.__hacked = true"> <script>window.__hacked = true</script>',
        "[click](javascript:window.__hacked=true)",
      ].join("\n"),
    });
    await input(page).fill("Make me a plan");
    await input(page).press("Enter");
    const answer = conversation(page);
    await answer.locator("table").getByText("$200").waitFor();
    expect(await answer.locator("li strong", { hasText: "Week 1" }).count()).toBe(1);
    expect(await answer.getByRole("link", { name: "our guide" }).getAttribute("href")).toBe(
      "https://example.com/guide",
    );
    expect(await answer.locator("img, script").count()).toBe(0);
    expect(await answer.getByRole("link", { name: "click" }).getAttribute("href")).toBe("");
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
  });

  it("shows a failed answer once, in its place, and answers again on retry", async () => {
    browser.expectConsoleError(/status of 502/);
    const page = await ownerPage();
    await openChat(page);
    fake.queueChat({ fail: { status: 400 } });
    await input(page).fill("Will this work?");
    await input(page).press("Enter");
    await conversation(page).getByRole("alert").getByText("Failed to generate a response. Please try again.").waitFor();
    // Once the stored conversation is shown again: no toast repeats what the answer says.
    await conversation(page).getByRole("button", { name: "Retry" }).waitFor();
    expect(await page.getByText("Failed to generate a response. Please try again.").count()).toBe(1);
    fake.queueChat({ reply: "Yes, on the second try." });
    await conversation(page).getByRole("button", { name: "Retry" }).click();
    await conversation(page).getByText("Yes, on the second try.").waitFor();
    expect(await conversation(page).getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(await conversation(page).getByText("Will this work?").count()).toBe(1);
  });

  it("marks a stream cut halfway as failed", async () => {
    const page = await ownerPage();
    await openChat(page);
    fake.queueChat({ reply: "One two three four five six seven.", cutAfterChunks: 3, chunkDelayMs: 50 });
    await input(page).fill("Cut me off");
    await input(page).press("Enter");
    await conversation(page).getByRole("alert").getByText("Failed to generate a response. Please try again.").waitFor();
    await conversation(page).getByText("One two three").waitFor();
    await conversation(page).getByRole("button", { name: "Retry" }).waitFor();
  });

  it("stops an answer while it streams", async () => {
    const page = await ownerPage();
    await openChat(page);
    fake.queueChat({ reply: "word ".repeat(300), chunkDelayMs: 40 });
    await input(page).fill("Talk a lot");
    await input(page).press("Enter");
    await conversation(page).getByText("word word").waitFor();
    await page.getByRole("button", { name: "Stop answer" }).click();
    await conversation(page).getByText("You stopped this answer.").waitFor();
    await page.getByRole("button", { name: "Send message" }).waitFor();
    await page.reload();
    await conversation(page).getByText("You stopped this answer.").waitFor();
  });

  it("attaches a file for this director, asks about it once it is read, and keeps the question if it cannot be", async () => {
    const page = await ownerPage();
    await openChat(page);
    await page.getByLabel("File to attach").setInputFiles({
      name: "opening-hours.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Both cafes open at 7:00 on weekdays and at 8:30 on Sundays, closing at 15:00."),
    });
    // Sent at once: the question waits for the file to be read, then goes with it.
    await input(page).fill("When do we open on Sundays?");
    await input(page).press("Enter");
    await conversation(page).getByText('Here is my advice on "When do we open on Sundays?', { exact: false }).waitFor();
    // The question says which file it is about.
    await conversation(page)
      .getByText(/^You said: When do we open on Sundays\?\s+Attached file: opening-hours\.txt$/)
      .waitFor();
    const sent = fake.streamedChatRequests().at(-1)?.body.messages as Array<{ content: string }>;
    expect(sent.at(-1)?.content).toContain("at 8:30 on Sundays");
    expect(await page.getByRole("button", { name: "Remove opening-hours.txt" }).count()).toBe(0);
    const listed = await page.request.get("/api/knowledge");
    const { sources } = (await listed.json()) as { sources: Array<{ name: string; directorIds: string[] | null }> };
    expect(sources).toEqual([expect.objectContaining({ name: "opening-hours.txt", directorIds: ["martha"] })]);

    // A file that cannot be read: its reason, and the typed question stays unsent in the box.
    const before = fake.streamedChatRequests().length;
    await page.getByLabel("File to attach").setInputFiles({
      name: "broken.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\nthis is not really a PDF"),
    });
    await input(page).fill("What does this say?");
    await input(page).press("Enter");
    await page.getByRole("alert").getByText("This PDF could not be read. It may be damaged.").waitFor();
    expect(await input(page).inputValue()).toBe("What does this say?");
    expect(fake.streamedChatRequests().length).toBe(before);
    await screenshot(page, "chat-attachment-failed-desktop");
    await page.getByRole("button", { name: "Remove broken.pdf" }).click();
    expect(await input(page).inputValue()).toBe("What does this say?");
  });

  it("clears the conversation with the toast and starts again from the welcome message", async () => {
    const page = await ownerPage();
    await openChat(page);
    await input(page).fill("Remember this");
    await input(page).press("Enter");
    await conversation(page).getByText('Here is my advice on "Remember this"').waitFor();
    await page.getByRole("button", { name: "Clear conversation" }).click();
    await page.getByText("Conversation cleared", { exact: true }).waitFor();
    await page.getByText("Started a new conversation with this director.", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    expect(await conversation(page).getByText("Remember this").count()).toBe(0);
    await page.getByText(MARTHA_WELCOME).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
  });

  it("tells the owner to slow down when they send too many messages", async () => {
    const page = await ownerPage();
    await openChat(page);
    const limit = browser.server.deps.env.CHAT_RATE_LIMIT_PER_MINUTE;
    // Turns are counted per clock minute: start early enough in one that every turn below falls into it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await page.waitForTimeout(60_000 - intoMinute);
    await Promise.all(
      Array.from({ length: limit }, async (_, index) => {
        const response = await page.request.post("/api/chat/martha/messages", {
          data: { text: `Quick ${index}` },
          headers: { origin: browser.url },
        });
        // Turns sent at once into one conversation: one is answered while the others wait their turn (409).
        expect([200, 409]).toContain(response.status());
        await response.body();
      }),
    );
    await input(page).fill("One more");
    await input(page).press("Enter");
    await page.getByText("Too many messages", { exact: true }).waitFor();
    await page
      .getByText("You are sending messages very quickly. Please wait a minute and try again.", { exact: true })
      .waitFor();
    expect(await input(page).inputValue()).toBe("One more");
  });

  it("sends an owner whose trial has ended to the plans", async () => {
    const page = await ownerPage(DESKTOP, { plan: "free-trial", trialEndsAt: new Date(Date.now() - DAY_MS) });
    await page.goto("/chat");
    await page.waitForURL("**/subscription?reason=trial_ended");
  });

  it("fits a phone: a director switcher in the header, no sidebar, no Superpowers panel", async () => {
    const page = await ownerPage(PHONE);
    await openChat(page);
    expect(await page.getByRole("heading", { name: "Directors" }).isVisible()).toBe(false);
    expect(await page.getByRole("heading", { name: "Superpowers" }).isVisible()).toBe(false);
    await input(page).fill("Hello from my phone");
    await input(page).press("Enter");
    await conversation(page).getByText('Here is my advice on "Hello from my phone"').waitFor();
    await screenshot(page, "chat-phone");
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);

    await page.getByLabel("Switch director").selectOption("finn");
    await page.waitForURL("**/chat?director=finn");
    await page.getByRole("heading", { level: 1, name: "Finn" }).waitFor();
    await page.getByRole("heading", { name: "Start a conversation" }).waitFor();
    await page.getByRole("button", { name: "Where is my cash flow most at risk over the next quarter?" }).waitFor();
    await screenshot(page, "chat-phone-empty");
  });
});

describe("when the AI service is busy", () => {
  it("counts down to each retry and lets the owner stop waiting", async () => {
    // The spec's retry delays (1 s, then 2 s…, each up to twice as long), as an owner meets them.
    await browser.restart({ env: AI_ENV, aiRetry: {} });
    const page = await ownerPage(PHONE);
    await openChat(page);
    fake.queueChat({ fail: { status: 429 } }, { fail: { status: 429 } }, { fail: { status: 429 } });
    await askInPage(page, "Are you there?");
    const waiting = conversation(page).getByText(/^The AI service is busy — trying again/);
    await conversation(page)
      .getByText(/^The AI service is busy — trying again in [1-8] s$/)
      .waitFor();
    // The seconds count down.
    const first = await waiting.textContent();
    await expect.poll(() => waiting.textContent()).not.toBe(first);
    const stop = conversation(page).getByRole("button", { name: "Stop", exact: true });
    await stop.click();
    await conversation(page).getByText("You stopped this answer before it started.").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await conversation(page).getByRole("button", { name: "Retry" }).waitFor();
  });
});

describe("without an AI provider", () => {
  it("says the assistant is not configured and answers with the canned reply", async () => {
    await browser.restart({ env: {} });
    const page = await ownerPage();
    await page.goto("/chat");
    await page
      .getByText(
        "Hi, I'm Martha, your Marketing Director. My AI assistant is not fully configured yet. Your answers are saved and will be used as soon as an AI service is connected.",
      )
      .waitFor();
    await input(page).fill("Anyone there?");
    await input(page).press("Enter");
    await conversation(page)
      .getByText(
        "Martha has no AI assistant configured yet. Please try again later. Your answers are saved and will be used as soon as an AI service is connected.",
      )
      .waitFor();
    // Server settings are for the operator, not in the owner's chat.
    expect(await conversation(page).getByText("AI_API_KEY").count()).toBe(0);
    await screenshot(page, "chat-not-configured");
  });

  it("welcomes without the context sentence when the context feature is off", async () => {
    await browser.restart({ env: { ...AI_ENV, CONTEXT_ENABLED: "false" } });
    const page = await ownerPage();
    await page.goto("/chat");
    await page.getByText("Hi, I'm Martha, your Marketing Director. How can I help you today?").waitFor();
  });
});

import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { KnowledgeListResponse } from "#shared/knowledge";
import { TRAINING_QUESTIONS, trainingQuestionFor } from "#shared/training";
import { ONBOARDING_SOURCE_LABEL } from "#shared/training-draft";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../server/test/fixtures";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { screenshotEverySize } from "./support/screens";

/** Embeddings come from the local OpenAI-protocol test server, over real HTTP. */
const fake = await startFakeAiServer();
afterAll(() => fake.close());

const browser = setupBrowser({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key" },
});

const MARTHA = TRAINING_QUESTIONS.martha;
const MARTHA_ANSWERS = answersFor("martha");

let userCount = 0;
/** A new owner with a plan and a business profile; the page shares the session cookie. */
async function ownerOnPlan(page: Page, planId: "standard" | "premium" = "standard") {
  userCount += 1;
  const response = await page.request.post("/api/auth/sign-up", {
    data: {
      name: `Trainer ${userCount}`,
      email: `trainer${userCount}-${Date.now()}@example.com`,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    },
    headers: { origin: browser.url },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  await givePlan(browser.server.deps, user.id, planId);
  return user;
}

const answerBox = (page: Page) => page.locator("form").getByRole("textbox");

/** An open toast containing this text. */
const toastWith = (page: Page, text: string) => page.locator("li[data-state='open']").filter({ hasText: text });

async function expectToast(page: Page, title: string, description: string) {
  const toast = toastWith(page, description);
  await toast.getByText(title, { exact: true }).waitFor();
  await toast.getByText(description, { exact: true }).waitFor();
}

async function expectQuestion(page: Page, step: number) {
  await page.getByText(`Question ${step} of 10`, { exact: true }).waitFor();
  // Owners here have the fixtures' business profile, so questions onboarding asked build on it.
  const question = MARTHA[step - 1];
  await page.getByText(question ? trainingQuestionFor(question, PROFILE).text : "", { exact: true }).waitFor();
}

/** Answers Martha's questions from `from` to 10 and stops before pressing Complete Training. */
async function answerAll(page: Page, from = 1) {
  for (let step = from; step <= 10; step++) {
    await expectQuestion(page, step);
    await answerBox(page).fill(MARTHA_ANSWERS[MARTHA[step - 1]?.name ?? ""] ?? "");
    if (step < 10) await page.getByRole("button", { name: "Next" }).click();
  }
}

describe("choosing and training a director", () => {
  it("trains Martha from the director list to the chat, with the RAG toast", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    await page.goto("/select-department");
    await page.getByRole("heading", { name: "Select Your AI Directors", level: 1 }).waitFor();
    const martha = page.getByRole("group", { name: "Martha" });
    await martha.getByRole("link", { name: "Start Training" }).click();

    await page.waitForURL("**/train-director/martha");
    await page.getByRole("heading", { name: "Train Martha", level: 1 }).waitFor();
    // A plain word, not "Level 1", above the heading.
    await page.getByText("Marketing Director · Training").waitFor();
    await page.getByText("Contextual memory, stored securely.").waitFor();
    expect(await answerBox(page).getAttribute("rows")).toBe("5");
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    await answerAll(page);
    await page.getByRole("button", { name: "Complete Training" }).click();

    await page.waitForURL((url) => url.pathname === "/chat" && url.searchParams.get("director") === "martha");
    await expectToast(page, "Martha is trained with RAG!", "Your director is now ready with context-aware responses.");

    // The list now comes back with Martha trained and the one-director plan used up.
    await page.goto("/select-department");
    const trained = page.getByRole("group", { name: "Martha" });
    await trained.getByText("Trained at Level 1", { exact: true }).waitFor();
    const finn = page.getByRole("group", { name: "Finn" });
    expect(await finn.getByRole("link", { name: "Upgrade to Access" }).getAttribute("href")).toBe(
      "/subscription?unlock=finn",
    );
    // No plan unlocks Sam on this server: no upgrade is offered.
    expect(
      await page.getByRole("group", { name: "Sam" }).getByRole("button", { name: "Coming soon" }).isDisabled(),
    ).toBe(true);
    await trained.getByRole("button", { name: "Chat Now" }).click();
    await page.waitForURL((url) => url.pathname === "/chat" && url.searchParams.get("director") === "martha");
  });

  it("drafts the ten answers from what the owner gave; the owner checks them on one page and accepts all", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page, "premium");
    const headers = { origin: browser.url };
    const note = { title: "Marketing budget", text: "We spend $800 a month on marketing, mostly Instagram ads." };
    expect((await page.request.post("/api/knowledge/notes", { data: note, headers })).status()).toBe(201);
    await expect
      .poll(async () => {
        const list = (await (await page.request.get("/api/knowledge")).json()) as KnowledgeListResponse;
        return list.sources[0]?.status;
      })
      .toBe("ready");
    // The model cites the sources the prompt gave it; one answer cites nothing and must not appear.
    fake.route = (request) => {
      if (!request.body.response_format || !JSON.stringify(request.body).includes("training_answers")) return;
      const prompt = JSON.stringify(request.body.messages);
      const noteId = prompt.match(/\[(D\d+)\] From the owner's document \\"Marketing budget\\"/)?.[1] ?? "missing";
      const answers = Object.fromEntries(MARTHA.map((question) => [question.name, { answer: "", source: "" }]));
      answers.target_audience = { answer: "Coffee lovers aged 25 to 45 who work from home.", source: "onboarding" };
      answers.budget = { answer: "$800 a month, mostly Instagram ads.", source: noteId };
      answers.seo_status = { answer: "We are first on Google.", source: "" };
      return { reply: JSON.stringify(answers) };
    };
    try {
      await page.goto("/train-director/martha");
      await expectQuestion(page, 1);
      await screenshotEverySize(page, "training-draft-offer");
      await page.getByRole("button", { name: "Draft my answers" }).click();
      const review = page.getByRole("form", { name: "Check Martha's answers" });
      await review.waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "training-target_audience");
      const answer = (name: string) => page.locator(`#training-${name}`);
      expect(await answer("target_audience").inputValue()).toBe("Coffee lovers aged 25 to 45 who work from home.");
      expect(await answer("budget").inputValue()).toBe("$800 a month, mostly Instagram ads.");
      expect(await answer("seo_status").inputValue()).toBe("");
      // Every drafted answer says where it came from.
      await review
        .locator("li", { has: answer("target_audience") })
        .getByText(ONBOARDING_SOURCE_LABEL)
        .waitFor();
      await review
        .locator("li", { has: answer("budget") })
        .getByText("From Marketing budget")
        .waitFor();
      expect(await review.getByText("Please answer it.", { exact: false }).count()).toBeGreaterThan(0);
      await screenshotEverySize(page, "training-review");

      // Accept all checks every answer; the owner fills in the empty ones and accepts.
      await page.getByRole("button", { name: "Accept all" }).click();
      await review.getByText("Please provide more detailed information").first().waitFor();
      for (const question of MARTHA) {
        if ((await answer(question.name).inputValue()).trim() === "") {
          await answer(question.name).fill(MARTHA_ANSWERS[question.name] ?? "");
        }
      }
      await page.getByRole("button", { name: "Accept all" }).click();
      await page.waitForURL((url) => url.pathname === "/chat" && url.searchParams.get("director") === "martha");
      await expectToast(
        page,
        "Martha is trained with RAG!",
        "Your director is now ready with context-aware responses.",
      );
      const stored = (await (await page.request.get("/api/training/martha")).json()) as {
        answers: Record<string, string>;
      };
      expect(stored.answers.budget).toBe("$800 a month, mostly Instagram ads.");
      expect(stored.answers.seo_status).toBe(MARTHA_ANSWERS.seo_status);
    } finally {
      fake.route = undefined;
    }
  });

  it("shows the validation message and keeps the owner on the question", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    await page.goto("/train-director/martha");
    await expectQuestion(page, 1);
    await answerBox(page).fill("abc ");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please provide more detailed information", { exact: true }).waitFor();
    await expectQuestion(page, 1);
    expect(await answerBox(page).getAttribute("aria-invalid")).toBe("true");

    await answerBox(page).fill("Remote workers aged 25 to 45.");
    await page.getByText("Please provide more detailed information").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Next" }).click();
    await expectQuestion(page, 2);
  });

  it("keeps the answers and the question through a reload", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    await page.goto("/train-director/martha");
    await expectQuestion(page, 1);
    await answerBox(page).fill(MARTHA_ANSWERS.target_audience ?? "");
    await page.getByRole("button", { name: "Next" }).click();
    await expectQuestion(page, 2);
    await answerBox(page).fill("Instagram and our newsletter, half written");

    await page.reload();
    await expectQuestion(page, 2);
    expect(await answerBox(page).inputValue()).toBe("Instagram and our newsletter, half written");
    await page.getByRole("button", { name: "Back" }).click();
    await expectQuestion(page, 1);
    expect(await answerBox(page).inputValue()).toBe(MARTHA_ANSWERS.target_audience);
  });

  it("saves at once while the AI service is down; the chat says Martha is still learning until she is ready", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    await page.goto("/train-director/martha");
    await answerAll(page);

    fake.down = true;
    await page.getByRole("button", { name: "Complete Training" }).click();
    await page.waitForURL((url) => url.pathname === "/chat" && url.searchParams.get("director") === "martha");
    await expectToast(page, "Martha is trained with RAG!", "Your director is now ready with context-aware responses.");
    const learning = page.getByText("Martha is still learning from your latest answers.", { exact: false });
    await learning.waitFor();

    // When the AI service is back, the background job finishes and the note goes by itself.
    fake.down = false;
    await learning.waitFor({ state: "detached", timeout: 60_000 });
  });

  it("pre-fills the stored answers when training again", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    const stored = await page.request.post("/api/training/martha", {
      data: MARTHA_ANSWERS,
      headers: { origin: browser.url },
    });
    expect(stored.status()).toBe(200);
    await page.goto("/train-director/martha");
    await expectQuestion(page, 1);
    expect(await answerBox(page).inputValue()).toBe(MARTHA_ANSWERS.target_audience);
  });

  it("sends unknown and over-limit directors back to the list, saying why", async () => {
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    await page.goto("/train-director/zed");
    await page.waitForURL("**/select-department");
    await page.getByRole("heading", { name: "Select Your AI Directors" }).waitFor();

    expect(
      (
        await page.request.post("/api/training/martha", { data: MARTHA_ANSWERS, headers: { origin: browser.url } })
      ).status(),
    ).toBe(200);
    await page.goto("/train-director/finn");
    await page.waitForURL("**/select-department");
    await expectToast(
      page,
      "Upgrade to Access",
      "Your plan does not include another director. Upgrade your plan to train more directors.",
    );

    await page.goto("/train-director/sam");
    await page.waitForURL("**/select-department");
    await expectToast(page, "Sam is coming soon", "This director is not available yet.");
  });

  it("looks right at phone and desktop width", async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const page = await browser.newPage(viewport);
      await ownerOnPlan(page, "premium");
      expect(
        (
          await page.request.post("/api/training/finn", { data: answersFor("finn"), headers: { origin: browser.url } })
        ).status(),
      ).toBe(200);
      await page.goto("/select-department");
      await page.getByRole("group", { name: "Finn" }).getByText("Trained at Level 1").waitFor();
      await screenshot(page, `select-department-${name}`);

      await page.goto("/train-director/martha");
      await expectQuestion(page, 1);
      await answerBox(page).fill("abc");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Please provide more detailed information").waitFor();
      // A full-page capture of a scrolled page would paint the sticky nav bar mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `training-step-${name}`);
    }
  });

  it("with the context feature off: no memory note, and the plain trained toast", async () => {
    await browser.restart({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", CONTEXT_ENABLED: "false" } });
    const page = await browser.newPage(DESKTOP);
    await ownerOnPlan(page);
    await page.goto("/train-director/martha");
    await answerAll(page);
    expect(await page.getByText("Contextual memory, stored securely.").count()).toBe(0);
    await page.getByRole("button", { name: "Complete Training" }).click();
    await page.waitForURL((url) => url.pathname === "/chat" && url.searchParams.get("director") === "martha");
    await expectToast(page, "Martha is trained!", "Your director is now ready to assist you.");
  });
});

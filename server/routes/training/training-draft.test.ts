import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRAINING_QUESTIONS } from "../../../shared/training";
import {
  FACT_SOURCE_LABEL,
  ONBOARDING_SOURCE_LABEL,
  type TrainingDraft,
  WEBSITE_SOURCE_LABEL,
} from "../../../shared/training-draft";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { givePlan, PROFILE } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { TRAINING_DRAFTS_PER_HOUR } from "../../training/draft-training";

/** The owner's website, on this machine. */
let site: http.Server;
let siteUrl: string;
beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>Bright Bean Coffee</title></head><body><main><article>
      <h1>Bright Bean Coffee</h1>
      <p>Follow us on Instagram, where we post a new single-origin coffee every Friday, and read our monthly letter.</p>
      <p>Our roastery in Leeds opens its doors for cuppings on the first Saturday of every month.</p>
    </article></main></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(() => fake.close());

function draftApp(env: Record<string, string> = {}) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "test-key",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      URL_IMPORT_ALLOW_PRIVATE: "true",
      ...env,
    },
  });
}

/** An owner on Premium with the fixture profile, a note about newsletters and a kept fact. */
async function ownerWithMaterial(app: TestApp) {
  const owner = await app.signUp();
  await givePlan(app.deps, owner.user.id, "premium");
  const note = await app.request("/api/knowledge/notes", {
    cookie: owner.cookie,
    body: { title: "Marketing budget", text: "Our marketing budget is $800 a month, mostly Instagram ads and email." },
  });
  expect(note.status).toBe(201);
  const fact = await app.request("/api/memory/facts", {
    cookie: owner.cookie,
    body: { statement: "Our brand voice is warm, expert and a little playful." },
  });
  expect(fact.status).toBe(201);
  await app.jobsIdle();
  return owner;
}

const MARTHA = TRAINING_QUESTIONS.martha.map((question) => question.name);

/** The model's reply: an answer for each named question, citing the given source id. */
function reply(answers: Record<string, { answer: string; source: string }>) {
  return JSON.stringify(Object.fromEntries(MARTHA.map((name) => [name, answers[name] ?? { answer: "", source: "" }])));
}

/** The source id the prompt gave a piece of material, found by its text. */
function idOf(prompt: string, text: string): string {
  const block = prompt.split("\n\n[").find((part) => part.includes(text));
  const id = block?.match(/^\[?([A-Za-z0-9]+)\]/)?.[1];
  if (!id) throw new Error(`no source holds "${text}"`);
  return id;
}

describe("training drafted for the owner", () => {
  it("asks the model with every source in the prompt and keeps only answers citing one of them", async () => {
    const app = await draftApp();
    const { cookie } = await ownerWithMaterial(app);
    // The reply depends on the prompt's ids, so it is written once the request is seen.
    fake.route = (request) => {
      if (!request.body.response_format) return undefined;
      const messages = request.body.messages as Array<{ role: string; content: string }>;
      const prompt = messages.find((message) => message.role === "user")?.content ?? "";
      return {
        reply: reply({
          target_audience: { answer: "Remote workers aged 25 to 45 who love good coffee.", source: "onboarding" },
          marketing_channels: { answer: "Instagram every Friday and a monthly letter.", source: "website" },
          brand_voice: { answer: "Warm, expert and a little playful.", source: idOf(prompt, "brand voice is warm") },
          budget: { answer: "$800 a month, mostly Instagram and email.", source: idOf(prompt, "marketing budget") },
          // Made up: no source, or a source that was never sent.
          seo_status: { answer: "We rank first on Google for coffee.", source: "" },
          competitors_marketing: { answer: "The chains spend millions on TV.", source: "D99" },
        }),
      };
    };

    const response = await app.request("/api/training/martha/draft", { cookie, body: { website: siteUrl } });
    expect(response.status).toBe(200);
    const draft = (await response.json()) as TrainingDraft;

    const [asked] = fake.objectRequests();
    const sent = JSON.stringify(asked?.body.messages);
    expect(sent).toContain(PROFILE.target.slice(0, 40));
    expect(sent).toContain("new single-origin coffee every Friday");
    expect(sent).toContain("Our marketing budget is $800 a month");
    expect(sent).toContain("brand voice is warm, expert and a little playful");

    expect(Object.keys(draft.answers)).toEqual(MARTHA);
    expect(draft.answers.target_audience).toBe("Remote workers aged 25 to 45 who love good coffee.");
    expect(draft.sources.target_audience).toEqual({ kind: "onboarding", label: ONBOARDING_SOURCE_LABEL });
    expect(draft.sources.marketing_channels).toEqual({ kind: "website", label: WEBSITE_SOURCE_LABEL });
    expect(draft.sources.brand_voice).toEqual({ kind: "fact", label: FACT_SOURCE_LABEL });
    expect(draft.sources.budget).toEqual({ kind: "document", label: "From Marketing budget" });
    // Every drafted answer says where it came from; the invented ones stay empty for the owner.
    for (const name of MARTHA) expect(draft.answers[name] === "").toBe(draft.sources[name] === null);
    expect(draft.answers.seo_status).toBe("");
    expect(draft.answers.competitors_marketing).toBe("");
    expect(Object.values(draft.sources).filter(Boolean)).toHaveLength(4);
  });

  it("sends only what the owner gave: no website unless asked, nothing but the profile for a new owner", async () => {
    const app = await draftApp();
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "free-trial");
    const response = await app.request("/api/training/finn/draft", { cookie, body: {} });
    expect(response.status).toBe(200);
    const draft = (await response.json()) as TrainingDraft;
    // Unscripted, the fake model answers with empty strings: nothing is invented.
    expect(Object.values(draft.answers).every((answer) => answer === "")).toBe(true);
    const prompt = JSON.stringify(fake.objectRequests()[0]?.body.messages);
    expect(prompt).toContain("[onboarding]");
    expect(prompt).not.toContain("[website]");
    expect(prompt).not.toMatch(/\[[DF]\d+\]/);
  });

  it("refuses a director beyond the plan, says when no AI service is connected, and limits drafts per hour", async () => {
    const app = await draftApp();
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "standard");
    await app.request("/api/training/martha", {
      cookie,
      body: Object.fromEntries(MARTHA.map((name) => [name, `About ${name}`])),
    });
    const beyond = await app.request("/api/training/finn/draft", { cookie, body: {} });
    expect(beyond.status).toBe(403);
    expect(await beyond.json()).toMatchObject({ error: { code: "plan:director_limit" } });

    for (let index = 0; index < TRAINING_DRAFTS_PER_HOUR; index += 1) {
      expect((await app.request("/api/training/martha/draft", { cookie, body: {} })).status).toBe(200);
    }
    const limited = await app.request("/api/training/martha/draft", { cookie, body: {} });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limit:training_draft" } });

    const offline = await createTestApp();
    const other = await offline.signUp();
    await givePlan(offline.deps, other.user.id, "premium");
    const none = await offline.request("/api/training/martha/draft", { cookie: other.cookie, body: {} });
    expect(none.status).toBe(503);
    expect(await none.json()).toMatchObject({ error: { code: "training:no_ai_service" } });
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRedactor } from "./logger";
import { type FakeAiServer, startFakeAiServer } from "./test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "./test/fixtures";
import { createTestApp } from "./test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

// Built at run time so that no key-shaped literal sits in the repository.
const CONFIGURED_KEY = ["configured", "provider", "key", "7431"].join("-");
const OTHER_KEY = `sk-${"proj-"}${"Zq7x".repeat(8)}`;

describe("the log", () => {
  it("holds no key, prompt, business data, training answer, message, email or password, even when a provider echoes them", async () => {
    const lines: string[] = [];
    const app = await createTestApp({
      env: { AI_BASE_URL: fake.url, AI_API_KEY: CONFIGURED_KEY, LOG_LEVEL: "trace" },
      logLines: lines,
    });
    const { cookie, user, password } = await app.signUp({ email: "dana.owner@example.com" });
    await givePlan(app.deps, user.id, "premium");
    const answers = answersFor("martha");
    const question = "How do I win back subscribers who cancelled in March?";
    const echo = (what: string) =>
      `Incorrect API key provided: ${CONFIGURED_KEY} (also tried ${OTHER_KEY}) for dana.owner@example.com. Input: ${what}`;

    // Training: the provider refuses the embedding request and echoes the key, the email and the answers.
    fake.queueEmbeddings({ fail: { status: 401, code: "invalid_api_key", message: echo(answers.budget ?? "") } });
    // Saving answers at once; the background job meets the refusal and logs it.
    const saved = await app.request("/api/training/martha", { cookie, body: answers });
    expect(saved.status).toBe(200);
    await app.jobsIdle();
    expect((await app.request("/api/training/martha", { cookie, body: answers })).status).toBe(200);

    // Chat: a rejected key, then a provider error that quotes the whole prompt back.
    fake.queueChat({ fail: { status: 401, code: "invalid_api_key", message: echo(question) } });
    const first = await app.request("/api/chat/martha/messages", { cookie, body: { text: question } });
    // The answer starts at once; its failure arrives in the stream.
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('"errorText":"ai:unavailable"');
    fake.queueChat({ fail: { status: 400, code: "context_length_exceeded", message: echo(JSON.stringify(PROFILE)) } });
    const second = await app.request("/api/chat/martha/messages", { cookie, body: { text: question } });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('"errorText":"ai:unavailable"');

    // A wrong password and a sign-in.
    await app.request("/api/auth/login", { body: { email: user.email, password: "wrong-password-123" } });
    await app.request("/api/auth/login", { body: { email: user.email, password } });

    const everything = lines.join("");
    const entries = lines.map((line) => JSON.parse(line));
    // What was logged is useful: the failures by tag, status and the provider's own code.
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: "ai authentication",
        tag: "authentication",
        status: 401,
        err: expect.objectContaining({ providerCode: "invalid_api_key", status: 401 }),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: "ai answer failed",
        err: expect.objectContaining({ providerCode: "context_length_exceeded", status: 400 }),
      }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ msg: "embedding the training context failed" }));
    expect(entries).toContainEqual(expect.objectContaining({ msg: "request", path: "/api/chat/martha/messages" }));

    const forbidden = [
      CONFIGURED_KEY,
      OTHER_KEY,
      "dana.owner@example.com",
      password,
      "wrong-password-123",
      question,
      "win back subscribers",
      ...Object.values(PROFILE).map((value) => value.slice(0, 24)),
      ...Object.values(answers).map((value) => value.slice(0, 24)),
      "You are", // the system prompt
      "My question:",
    ];
    for (const text of forbidden) expect(everything, `the log contains "${text}"`).not.toContain(text);
  });
});

describe("createRedactor", () => {
  it("blanks the configured secrets, key-shaped strings, bearer tokens and email addresses", () => {
    const redact = createRedactor([CONFIGURED_KEY, "short"]);
    const google = `AIza${"B1c2".repeat(9)}`;
    expect(
      redact(
        `key ${CONFIGURED_KEY} ${OTHER_KEY} ${google} Authorization: Bearer abc.def.ghi123 api_key=abcdefgh123 to a.b@c.example`,
      ),
    ).toBe("key [redacted] [redacted] [redacted] Authorization: Bearer [redacted] api_key=[redacted] to [email]");
    // Values too short to be a secret are left alone, so ordinary words survive.
    expect(redact("a short note")).toBe("a short note");
  });
});

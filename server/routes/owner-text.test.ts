import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE } from "../../shared/validation";
import { answersFor, givePlan, PROFILE } from "../test/fixtures";
import { createTestApp } from "../test/test-app";

/**
 * Every field that takes an owner's text, through the real endpoints: a NUL or
 * another control character is a field error a person can act on, a lone
 * UTF-16 surrogate is stored as U+FFFD, and neither is ever a 500.
 */

const NUL = "\u0000";
const LONE = "\ud800";
const ESC = "\u001b";

async function fieldError(response: Response, field: string) {
  expect(response.status, field).toBe(400);
  const body = await response.json();
  expect(body.error.fields[field], field).toBe(CONTROL_CHARACTER_MESSAGE);
}

describe("text from owners", () => {
  it("refuses control characters and stores lone surrogates as U+FFFD in every field", async () => {
    const app = await createTestApp();
    const { request } = app;

    // Sign-up name.
    const password = "correct-horse-battery";
    const signup = (name: string, email: string) =>
      request("/api/auth/sign-up", { body: { name, email, password, confirmPassword: password } });
    await fieldError(await signup(`Dana${NUL}Owner`, "dana@example.com"), "name");
    await fieldError(await signup(`Dana${ESC}[31m`, "dana@example.com"), "name");
    const created = await signup(`Dana ${LONE}Owner`, "dana@example.com");
    expect(created.status).toBe(201);
    expect((await created.json()).user.name).toBe("Dana \ufffdOwner");
    const { cookie, user } = await app.signUp({ email: "lee@example.com" });
    await givePlan(app.deps, user.id, "premium", { profile: null });

    // Account name.
    await fieldError(await request("/api/account", { method: "PATCH", cookie, body: { name: `Lee${NUL}` } }), "name");
    const renamed = await request("/api/account", { method: "PATCH", cookie, body: { name: `Lee ${LONE}` } });
    expect(renamed.status).toBe(200);
    expect((await (await request("/api/account", { cookie })).json()).user.name).toBe("Lee \ufffd");

    // Every onboarding field.
    for (const field of Object.keys(PROFILE)) {
      const refused = await request("/api/onboarding", {
        method: "PUT",
        cookie,
        body: { ...PROFILE, [field]: `${PROFILE[field as keyof typeof PROFILE]}${NUL}` },
      });
      await fieldError(refused, field);
    }
    const lonely = Object.fromEntries(Object.entries(PROFILE).map(([field, value]) => [field, `${value} ${LONE}`]));
    expect((await request("/api/onboarding", { method: "PUT", cookie, body: lonely })).status).toBe(200);
    const profile = (await (await request("/api/onboarding", { cookie })).json()).profile;
    for (const [field, value] of Object.entries(PROFILE)) expect(profile[field], field).toBe(`${value} \ufffd`);
    // The website address onboarding drafts from.
    await fieldError(
      await request("/api/onboarding/website-draft", { cookie, body: { url: `www.example.com${NUL}` } }),
      "url",
    );
    // One answer edited in place (Settings), refused under `value`.
    await fieldError(
      await request("/api/onboarding", {
        method: "PATCH",
        cookie,
        body: { field: "goals", value: `More${NUL} sales` },
      }),
      "value",
    );

    // Every training answer (windows line endings are kept as plain newlines).
    const answers = answersFor("martha");
    for (const field of Object.keys(answers)) {
      const refused = await request("/api/training/martha", {
        cookie,
        body: { ...answers, [field]: `${answers[field]}${NUL}` },
      });
      await fieldError(refused, field);
    }
    const oddAnswers = Object.fromEntries(
      Object.entries(answers).map(([field, value]) => [field, `${value}\r\nSecond line ${LONE}`]),
    );
    const trained = await request("/api/training/martha", { cookie, body: oddAnswers });
    expect(trained.status).toBe(200);
    const stored = (await (await request("/api/training/martha", { cookie })).json()).answers;
    for (const [field, value] of Object.entries(answers)) {
      expect(stored[field], field).toBe(`${value}\nSecond line \ufffd`);
    }

    // Chat text.
    const chat = (text: string) => request("/api/chat/martha/messages", { cookie, body: { text } });
    await fieldError(await chat(`Hello${NUL}`), "text");
    await fieldError(await chat(`Hello\u0085there`), "text");
    const sent = await chat(`Hello \udc00${LONE} and \ud83d\ude00`);
    expect(sent.status).toBe(200);
    await sent.text();
    const history = (await (await request("/api/chat/martha", { cookie })).json()).messages;
    expect(history[0]).toMatchObject({ sender: "user", content: "Hello \ufffd\ufffd and \ud83d\ude00" });
  });
});

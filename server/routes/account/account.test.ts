import { describe, expect, it } from "vitest";
import type { AccountOverview } from "../../../shared/settings";
import { subscriptions } from "../../db/schema";
import { cookieFrom, createTestApp } from "../../test/test-app";

const NOW = new Date("2026-03-10T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("GET /api/account", () => {
  it("needs a session", async () => {
    const { request } = await createTestApp();
    for (const [method, path] of [
      ["GET", "/api/account"],
      ["PATCH", "/api/account"],
      ["POST", "/api/account/password"],
      ["POST", "/api/account/sign-out-everywhere"],
      ["GET", "/api/account/export"],
      ["DELETE", "/api/account"],
    ] as const) {
      const response = await request(path, { method, body: method === "GET" ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "unauthorized:session" } });
    }
  });

  it("shows a new owner's account with no plan, profile or trained director", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie, user } = await signUp({ name: "Dana Owner", email: "dana@example.com" });
    const response = await request("/api/account", { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as AccountOverview;
    expect(body.user).toMatchObject({ id: user.id, name: "Dana Owner", email: "dana@example.com" });
    expect(body.plan).toBeNull();
    expect(body.profile).toBeNull();
    expect(body.directors.map((director) => director.id)).toEqual(["martha", "finn", "ollie", "harper", "sam", "ben"]);
    expect(body.directors.every((director) => director.trainedAt === null)).toBe(true);
  });

  it("shows the trial days left, and 'trial ended' once it is over", async () => {
    let now = NOW;
    const { request, signUp, db } = await createTestApp({ now: () => now });
    const { cookie, user } = await signUp();
    await db.insert(subscriptions).values({
      userId: user.id,
      planId: "free-trial",
      chosenAt: NOW,
      trialStartedAt: NOW,
      trialEndsAt: new Date(NOW.getTime() + 7 * DAY_MS),
    });

    now = new Date(NOW.getTime() + 2.5 * DAY_MS);
    let body = (await (await request("/api/account", { cookie })).json()) as AccountOverview;
    expect(body.plan).toMatchObject({ id: "free-trial", name: "Free", trialDaysLeft: 5, trialEnded: false });

    now = new Date(NOW.getTime() + 8 * DAY_MS);
    body = (await (await request("/api/account", { cookie })).json()) as AccountOverview;
    expect(body.plan).toMatchObject({ id: "free-trial", trialDaysLeft: 0, trialEnded: true });
  });
});

describe("PATCH /api/account", () => {
  it("changes the name, and the session shows the new one", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp({ name: "Dana Owner" });
    const response = await request("/api/account", { method: "PATCH", body: { name: "  Dana Smith " }, cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { name: "Dana Smith" } });
    const session = await (await request("/api/auth/session", { cookie })).json();
    expect(session.user.name).toBe("Dana Smith");
    const account = (await (await request("/api/account", { cookie })).json()) as AccountOverview;
    expect(account.user.name).toBe("Dana Smith");
  });

  it("refuses a name shorter than 2 characters with the sign-up message", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie } = await signUp({ name: "Dana Owner" });
    const response = await request("/api/account", { method: "PATCH", body: { name: " D " }, cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "validation:account",
        message: "Some fields need attention.",
        fields: { name: "Name must be at least 2 characters." },
      },
    });
  });
});

describe("POST /api/account/password", () => {
  it("changes the password and signs out every other session", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie: laptop, user, password } = await signUp({ email: "dana@example.com" });
    const login = await request("/api/auth/login", { body: { email: user.email, password } });
    expect(login.status).toBe(200);
    const phone = cookieFrom(login);
    expect((await request("/api/account", { cookie: phone })).status).toBe(200);

    const response = await request("/api/account/password", {
      body: { currentPassword: password, newPassword: "a-brand-new-secret", confirmPassword: "a-brand-new-secret" },
      cookie: laptop,
    });
    expect(response.status).toBe(200);
    const renewed = cookieFrom(response);

    expect((await request("/api/account", { cookie: phone })).status).toBe(401);
    expect((await request("/api/account", { cookie: laptop })).status).toBe(401);
    expect((await request("/api/account", { cookie: renewed })).status).toBe(200);

    const oldLogin = await request("/api/auth/login", { body: { email: user.email, password } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await request("/api/auth/login", {
      body: { email: user.email, password: "a-brand-new-secret" },
    });
    expect(newLogin.status).toBe(200);
  });

  it("puts a wrong current password under its field and changes nothing", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie, user, password } = await signUp();
    const response = await request("/api/account/password", {
      body: {
        currentPassword: "not-my-password",
        newPassword: "a-brand-new-secret",
        confirmPassword: "a-brand-new-secret",
      },
      cookie,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "validation:account", fields: { currentPassword: "Your current password is incorrect." } },
    });
    expect((await request("/api/account", { cookie })).status).toBe(200);
    expect((await request("/api/auth/login", { body: { email: user.email, password } })).status).toBe(200);
  });

  it("applies the sign-up rules and messages to the new password", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie, password } = await signUp();
    const tooShort = await request("/api/account/password", {
      body: { currentPassword: password, newPassword: "short", confirmPassword: "short" },
      cookie,
    });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).error.fields).toEqual({ newPassword: "Password must be at least 8 characters." });

    const mismatch = await request("/api/account/password", {
      body: { currentPassword: "", newPassword: "long-enough-1", confirmPassword: "long-enough-2" },
      cookie,
    });
    expect((await mismatch.json()).error.fields).toEqual({
      currentPassword: "Please enter your current password.",
      confirmPassword: "Passwords don't match",
    });
  });

  it("limits guesses of the current password", async () => {
    const { request, signUp } = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" } });
    const { cookie } = await signUp();
    const guess = () =>
      request("/api/account/password", {
        body: {
          currentPassword: "a-guess-123",
          newPassword: "a-brand-new-secret",
          confirmPassword: "a-brand-new-secret",
        },
        cookie,
      });
    expect((await guess()).status).toBe(400);
    expect((await guess()).status).toBe(400);
    const third = await guess();
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: { code: "rate_limit:auth" } });
  });
});

describe("POST /api/account/sign-out-everywhere", () => {
  it("ends every session of the user, this one included, and no one else's", async () => {
    const { request, signUp } = await createTestApp();
    const { cookie: laptop, user, password } = await signUp();
    const phone = cookieFrom(await request("/api/auth/login", { body: { email: user.email, password } }));
    const { cookie: someoneElse } = await signUp();

    const response = await request("/api/account/sign-out-everywhere", { body: {}, cookie: laptop });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => /session_token=;.*Max-Age=0/i.test(cookie))).toBe(true);

    expect((await request("/api/account", { cookie: laptop })).status).toBe(401);
    expect((await request("/api/account", { cookie: phone })).status).toBe(401);
    expect((await request("/api/account", { cookie: someoneElse })).status).toBe(200);
  });
});

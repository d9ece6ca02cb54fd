import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FREE_FAILURES_PER_EMAIL, failureDelayMs } from "../../auth/login-throttle";
import { accounts, sessions, users } from "../../db/schema";
import { cookieFrom, createTestApp } from "../../test/test-app";

const PASSWORD = "correct-horse-battery";
const signupBody = (overrides: Record<string, string> = {}) => ({
  name: "Dana Owner",
  email: "dana@example.com",
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

describe("POST /api/auth/sign-up", () => {
  it("creates the account, signs the user in and sends them to /subscription", async () => {
    const { request, db } = await createTestApp();
    const response = await request("/api/auth/sign-up", { body: signupBody({ email: "  Dana@Example.COM " }) });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ user: { name: "Dana Owner", email: "dana@example.com" }, next: "/subscription" });

    const session = await request("/api/auth/session", { cookie: cookieFrom(response) });
    expect(await session.json()).toMatchObject({ user: { email: "dana@example.com" }, next: "/subscription" });

    const [account] = await db.select().from(accounts);
    expect(account?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // scrypt salt:hash, never the password
    expect(account?.password).not.toContain(PASSWORD);
  });

  it("sets an httpOnly, SameSite=Lax session cookie, not Secure over http", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/auth/sign-up", { body: signupBody() });
    const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("marks the cookie Secure when the app is served over https", async () => {
    const { request } = await createTestApp({ env: { APP_URL: "https://directors.example" } });
    const response = await request("/api/auth/sign-up", {
      body: signupBody(),
      headers: { origin: "https://directors.example" },
    });
    expect(response.status).toBe(201);
    const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("refuses a second account with the same email, whatever its case, with a field error", async () => {
    const { request } = await createTestApp();
    await request("/api/auth/sign-up", { body: signupBody() });
    const response = await request("/api/auth/sign-up", { body: signupBody({ email: "DANA@example.com" }) });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "conflict:email",
        message: "An account with this email already exists.",
        fields: { email: "An account with this email already exists." },
      },
    });
  });

  it.each([
    ["name", { name: "D" }, "Name must be at least 2 characters."],
    ["email", { email: "not-an-email" }, "Please enter a valid email address."],
    ["password", { password: "short", confirmPassword: "short" }, "Password must be at least 8 characters."],
    ["confirmPassword", { confirmPassword: "something-else" }, "Passwords don't match"],
  ])("checks %s on the server with the spec's message", async (field, overrides, message) => {
    const { request, db } = await createTestApp();
    const response = await request("/api/auth/sign-up", { body: signupBody(overrides) });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("validation:signup");
    expect(body.error.fields[field]).toBe(message);
    expect(await db.select().from(users)).toHaveLength(0);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and rotates the session", async () => {
    const { request, signUp } = await createTestApp();
    const first = await signUp({ email: "lee@example.com" });
    const response = await request("/api/auth/login", { body: { email: "LEE@example.com", password: first.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: "lee@example.com" }, next: "/subscription" });
    const second = cookieFrom(response);
    expect(second).toContain("session_token");
    expect(second).not.toBe(first.cookie);
  });

  it("answers a wrong password and an unknown email with the same generic message", async () => {
    const { request, signUp } = await createTestApp();
    await signUp({ email: "lee@example.com" });
    const wrongPassword = await request("/api/auth/login", {
      body: { email: "lee@example.com", password: "wrong-password" },
    });
    const unknownEmail = await request("/api/auth/login", {
      body: { email: "who@example.com", password: "wrong-password" },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "unauthorized:credentials", message: "Invalid email or password." },
      });
    }
  });

  it.each([
    ["email", { email: "nope", password: PASSWORD }, "Please enter a valid email address."],
    ["password", { email: "lee@example.com", password: "short" }, "Password must be at least 8 characters."],
  ])("checks %s on the server with the spec's message", async (field, body, message) => {
    const { request } = await createTestApp();
    const response = await request("/api/auth/login", { body });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields[field]).toBe(message);
  });

  it("throttles attempts from one address with a readable 429", async () => {
    const { request } = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "3" } });
    const attempt = () =>
      request("/api/auth/login", { body: { email: "lee@example.com", password: "wrong-password" } });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: "rate_limit:auth", message: "Too many attempts. Please wait a minute and try again." },
    });
  });

  it("counts an address's attempts again after a minute", async () => {
    let now = new Date("2026-11-21T10:00:10Z");
    const { request } = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "1" }, now: () => now });
    const attempt = (email: string) => request("/api/auth/login", { body: { email, password: "wrong-password" } });
    expect((await attempt("a@example.com")).status).toBe(401);
    expect((await attempt("b@example.com")).status).toBe(429);
    now = new Date("2026-11-21T10:01:10Z");
    expect((await attempt("c@example.com")).status).toBe(401);
  });

  it("throttles per IP across different emails", async () => {
    const { request } = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "2" } });
    const statuses = [];
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      statuses.push((await request("/api/auth/login", { body: { email, password: "wrong-password" } })).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("lets the owner in from their own address while attackers elsewhere fail on their email", async () => {
    let now = new Date("2026-11-21T10:00:10Z");
    const app = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: "3", TRUST_PROXY: "true" },
      now: () => now,
    });
    const { user, password } = await app.signUp({ email: "lee@example.com" });
    const from = (address: string, body: { email: string; password: string }) =>
      app.request("/api/auth/login", { body, headers: { "x-forwarded-for": address } });
    const guess = { email: user.email, password: "guess-123456" };

    // One attacker's address: three failures, then that address is refused for this email, even a minute later,
    // even with the right password.
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.7", guess)).status).toBe(401);
    now = new Date("2026-11-21T10:01:10Z");
    const refused = await from("203.0.113.7", { email: user.email, password });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limit:login");
    // The same address may still sign in to another account.
    expect((await from("203.0.113.7", { email: "other@example.com", password: "nope-123456" })).status).toBe(401);

    // A second address joins in: the email now has more failures than are free, so its logins wait, but go on.
    for (let i = 0; i < 3; i++) expect((await from("198.51.100.9", guess)).status).toBe(401);

    // The owner, from home: a typo, then the right password.
    expect((await from("192.0.2.50", { email: user.email, password: "typo-typo-typo" })).status).toBe(401);
    const owner = await from("192.0.2.50", { email: user.email, password });
    expect(owner.status).toBe(200);
    expect((await owner.json()).user.email).toBe("lee@example.com");
  });
});

describe("failureDelayMs", () => {
  it("is nothing for the first few failures of an email, then doubles up to a ceiling", () => {
    const delays = [0, 1, 5, 6, 7, 8, 9, 10, 11, 50].map(failureDelayMs);
    expect(delays).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(FREE_FAILURES_PER_EMAIL).toBe(5);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session on the server", async () => {
    const { request, signUp, db } = await createTestApp();
    const { cookie, user } = await signUp();
    const response = await request("/api/auth/logout", { method: "POST", body: {}, cookie });
    expect(response.status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const session = await request("/api/auth/session", { cookie });
    expect(await session.json()).toEqual({ user: null, next: null });
  });

  it("answers 401 JSON without a session", async () => {
    const { request } = await createTestApp();
    const response = await request("/api/auth/logout", { method: "POST", body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "unauthorized:session", message: "Please log in to continue." },
    });
  });
});

import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setTemporaryPassword } from "../../auth/temporary-password";
import { verifications } from "../../db/schema";
import { cookieFrom, createTestApp, type TestApp } from "../../test/test-app";
import { linkIn, startTestSmtpServer, type TestSmtpServer } from "../../test/test-smtp-server";
import { totpCode } from "../../test/totp";

let smtp: TestSmtpServer;
beforeEach(async () => {
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  await smtp.close();
});

const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "a-brand-new-password";

async function status(app: TestApp, cookie: string) {
  return (await app.request("/api/account", { cookie })).status;
}

describe("password reset by email", () => {
  it("emails a one-time link that sets a new password and ends every session, without telling who has an account", async () => {
    const app = await createTestApp({ env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: "100" } });
    const { cookie: laptop, user } = await app.signUp({ email: "dana@example.com" });
    const phone = cookieFrom(await app.request("/api/auth/login", { body: { email: user.email, password: PASSWORD } }));
    expect((await (await app.request("/api/config")).json()).passwordResetByEmail).toBe(true);

    // Known and unknown emails get the same answer; only the known one gets an email.
    const known = await app.request("/api/auth/forgot-password", { body: { email: " DANA@example.com " } });
    const unknown = await app.request("/api/auth/forgot-password", { body: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mail = await smtp.nextMessageTo("dana@example.com");
    await app.deps.mail.idle();
    // Only this one: no email for the unknown address, and none at sign-up without REQUIRE_EMAIL_VERIFICATION.
    expect(smtp.messages.map((message) => message.to)).toEqual([["dana@example.com"]]);
    expect(mail.subject).toBe("Reset your Directors password");
    expect(mail.from).toBe("no-reply@localhost");

    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/reset-password");
    const token = link.searchParams.get("token") ?? "";
    // The link lasts an hour.
    const [stored] = await app.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const minutesLeft = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(55);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    // The new password follows the sign-up rules.
    const short = await app.request("/api/auth/reset-password", {
      body: { token, newPassword: "short", confirmPassword: "short" },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error.fields).toEqual({ newPassword: "Password must be at least 8 characters." });
    const mismatch = await app.request("/api/auth/reset-password", {
      body: { token, newPassword: NEW_PASSWORD, confirmPassword: "something-else" },
    });
    expect((await mismatch.json()).error.fields).toEqual({ confirmPassword: "Passwords don't match" });

    const reset = await app.request("/api/auth/reset-password", {
      body: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(await status(app, laptop)).toBe(401);
    expect(await status(app, phone)).toBe(401);

    // The link works once.
    const again = await app.request("/api/auth/reset-password", {
      body: { token, newPassword: "yet-another-password", confirmPassword: "yet-another-password" },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: {
        code: "auth:reset_link_invalid",
        message: "This link has expired or has already been used. Please ask for a new one.",
      },
    });

    const old = await app.request("/api/auth/login", { body: { email: user.email, password: PASSWORD } });
    expect(old.status).toBe(401);
    const fresh = await app.request("/api/auth/login", { body: { email: user.email, password: NEW_PASSWORD } });
    expect(fresh.status).toBe(200);

    // A link over an hour old is refused.
    await app.request("/api/auth/forgot-password", { body: { email: "dana@example.com" } });
    const late = linkIn(await smtp.nextMessageTo("dana@example.com")).searchParams.get("token") ?? "";
    await app.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${late}`));
    const expired = await app.request("/api/auth/reset-password", {
      body: { token: late, newPassword: "too-late-password", confirmPassword: "too-late-password" },
    });
    expect((await expired.json()).error.code).toBe("auth:reset_link_invalid");

    // At most three emails an hour go to one address; further requests are answered the same way.
    for (let i = 0; i < 3; i++) {
      const response = await app.request("/api/auth/forgot-password", { body: { email: "dana@example.com" } });
      expect(await response.json()).toEqual({ ok: true });
    }
    await app.deps.mail.idle();
    expect(smtp.messages.filter((message) => message.to.includes("dana@example.com"))).toHaveLength(3);
  });

  it("without SMTP, says to ask the person who runs Directors", async () => {
    const app = await createTestApp();
    expect((await (await app.request("/api/config")).json()).passwordResetByEmail).toBe(false);
    const response = await app.request("/api/auth/forgot-password", { body: { email: "dana@example.com" } });
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe("mail:not_configured");
  });
});

describe("email confirmation", () => {
  it("asks a new account to confirm its email, resends the link on request and confirms it", async () => {
    const app = await createTestApp({ env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: "true" } });
    expect((await (await app.request("/api/config")).json()).emailVerificationRequired).toBe(true);
    const { cookie } = await app.signUp({ email: "lee@example.com" });
    const session = async () => (await (await app.request("/api/auth/session", { cookie })).json()).user;
    expect(await session()).toMatchObject({ email: "lee@example.com", emailVerified: false });
    // Unconfirmed, the owner can use the app.
    expect(await status(app, cookie)).toBe(200);

    const first = await smtp.nextMessageTo("lee@example.com");
    expect(first.subject).toBe("Confirm your email address for Directors");
    const resent = await app.request("/api/auth/verification-email", { cookie, body: {} });
    expect(resent.status).toBe(200);
    const second = await smtp.nextMessageTo("lee@example.com");
    expect(`${linkIn(second).origin}${linkIn(second).pathname}`).toBe("http://localhost:3000/verify-email");
    // Resending is limited.
    await app.request("/api/auth/verification-email", { cookie, body: {} });
    await app.request("/api/auth/verification-email", { cookie, body: {} });
    const tooMany = await app.request("/api/auth/verification-email", { cookie, body: {} });
    expect(tooMany.status).toBe(429);
    expect((await tooMany.json()).error.code).toBe("rate_limit:email");

    const wrong = await app.request("/api/auth/verify-email", { body: { token: "not-a-real-token" } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe("auth:confirmation_link_invalid");

    // The link works without being signed in (another browser, the phone's mail app).
    const confirmed = await app.request("/api/auth/verify-email", {
      body: { token: linkIn(first).searchParams.get("token") },
    });
    expect(confirmed.status).toBe(200);
    expect(await session()).toMatchObject({ emailVerified: true });
  });
});

describe("a temporary password set by the person who runs Directors", () => {
  it("replaces the password, ends every session and, when asked, turns two-factor sign-in off", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp({ email: "dana@example.com" });
    const setup = await app.request("/api/account/security/two-factor", { cookie, body: { password: PASSWORD } });
    const { secret } = await setup.json();
    await app.request("/api/account/security/two-factor/confirm", { cookie, body: { code: totpCode(secret) } });

    expect(await setTemporaryPassword(app.deps, "nobody@example.com")).toEqual({ found: false });
    const result = await setTemporaryPassword(app.deps, " DANA@example.com ", { turnOffTwoFactor: true });
    if (!result.found) throw new Error("not found");
    expect(result.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(result.twoFactorTurnedOff).toBe(true);

    expect(await status(app, cookie)).toBe(401);
    expect((await app.request("/api/auth/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(
      401,
    );
    const login = await app.request("/api/auth/login", { body: { email: user.email, password: result.password } });
    expect(await login.json()).toMatchObject({ user: { email: "dana@example.com" } });
  });
});

import { describe, expect, it } from "vitest";
import type { SecurityOverview, TwoFactorSetup } from "../../../shared/settings";
import { cookieFrom, createTestApp, type TestApp } from "../../test/test-app";
import { totpCode } from "../../test/totp";

const PASSWORD = "correct-horse-battery";
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A code that is not the current one (nor the one before or after it). */
function wrongCode(secret: string) {
  const right = new Set([-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset)));
  for (let code = 100_000; ; code++) if (!right.has(String(code))) return String(code);
}

async function security(app: TestApp, cookie: string): Promise<SecurityOverview> {
  return (await app.request("/api/account/security", { cookie })).json();
}

function login(app: TestApp, email: string, password = PASSWORD) {
  return app.request("/api/auth/login", { body: { email, password } });
}

describe("two-factor sign-in", () => {
  it("is set up with a code from the app, then asked for at login, where a backup code works once; wrong codes are limited", async () => {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "100" } });
    const { cookie, user } = await app.signUp({ email: "dana@example.com" });
    expect((await security(app, cookie)).twoFactorEnabled).toBe(false);

    // The password is needed to start.
    const wrongPassword = await app.request("/api/account/security/two-factor", {
      cookie,
      body: { password: "not-my-password" },
    });
    expect(wrongPassword.status).toBe(400);
    expect((await wrongPassword.json()).error.fields).toEqual({ password: "Your password is incorrect." });

    const setup = await app.request("/api/account/security/two-factor", { cookie, body: { password: PASSWORD } });
    expect(setup.headers.get("cache-control")).toBe("no-store");
    const { otpauthUrl, secret, backupCodes } = (await setup.json()) as TwoFactorSetup;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Directors:dana%40example\.com\?/);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(backupCodes).toHaveLength(10);
    // Nothing to mistake on paper: no l, 1, O, 0 or I.
    for (const code of backupCodes) expect(code).toMatch(/^[a-km-z2-9]{5}-[a-km-z2-9]{5}$/);
    expect(backupCodes.join("")).not.toMatch(/[l1O0Io]/);

    // Not on until a right code proves the app is set up.
    expect((await login(app, user.email)).status).toBe(200);
    const wrong = await app.request("/api/account/security/two-factor/confirm", {
      cookie,
      body: { code: wrongCode(secret) },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe("validation:two_factor");
    const confirmed = await app.request("/api/account/security/two-factor/confirm", {
      cookie,
      body: { code: ` ${totpCode(secret).slice(0, 3)} ${totpCode(secret).slice(3)} ` },
    });
    expect(confirmed.status).toBe(200);
    const current = cookieFrom(confirmed);
    expect((await security(app, current)).twoFactorEnabled).toBe(true);

    // Login now stops after the password: no session until the code.
    const first = await login(app, user.email);
    expect(await first.json()).toEqual({ twoFactor: true });
    const waiting = cookieFrom(first);
    expect(waiting).toContain("two_factor");
    expect(waiting).not.toMatch(/session_token=[^;\s]/);
    expect((await app.request("/api/account", { cookie: waiting })).status).toBe(401);
    const refused = await app.request("/api/auth/login/two-factor", {
      cookie: waiting,
      body: { method: "totp", code: wrongCode(secret) },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields.code).toMatch(/^That code didn't work\./);
    const signedIn = await app.request("/api/auth/login/two-factor", {
      cookie: waiting,
      body: { method: "totp", code: totpCode(secret) },
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { email: "dana@example.com" }, next: "/subscription" });
    expect((await app.request("/api/account", { cookie: cookieFrom(signedIn) })).status).toBe(200);

    // A backup code instead of the app; each one works once.
    const backup = backupCodes[0] ?? "";
    const second = cookieFrom(await login(app, user.email));
    const withBackup = await app.request("/api/auth/login/two-factor", {
      cookie: second,
      body: { method: "backup", code: backup },
    });
    expect(withBackup.status).toBe(200);
    const third = cookieFrom(await login(app, user.email));
    const reused = await app.request("/api/auth/login/two-factor", {
      cookie: third,
      body: { method: "backup", code: backup },
    });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error.fields.code).toMatch(/already used/);

    // Five wrong codes end a waiting sign-in; ten in a row pause two-factor sign-in for 15 minutes.
    const tryCode = (waiting: string, code: string) =>
      app.request("/api/auth/login/two-factor", { cookie: waiting, body: { method: "totp", code } });
    const fourth = cookieFrom(await login(app, user.email));
    for (let i = 0; i < 5; i++) expect((await tryCode(fourth, wrongCode(secret))).status).toBe(400);
    const ended = await tryCode(fourth, totpCode(secret));
    expect(ended.status).toBe(401);
    expect((await ended.json()).error.code).toBe("unauthorized:two_factor_expired");
    const fifth = cookieFrom(await login(app, user.email));
    for (let i = 0; i < 5; i++) await tryCode(fifth, wrongCode(secret));
    const locked = await tryCode(cookieFrom(await login(app, user.email)), totpCode(secret));
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({
      error: { code: "rate_limit:two_factor", message: "Too many wrong codes. Please wait 15 minutes and try again." },
    });

    // Turning it off needs the password; login then asks for no code.
    const off = await app.request("/api/account/security/two-factor/disable", {
      cookie: current,
      body: { password: PASSWORD },
    });
    expect(off.status).toBe(200);
    expect((await security(app, cookieFrom(off))).twoFactorEnabled).toBe(false);
    expect(await (await login(app, user.email)).json()).toMatchObject({ user: { email: "dana@example.com" } });
  });
});

describe("signed-in devices", () => {
  it("lists each session with its device, address and last use, and signs one out", async () => {
    const app = await createTestApp({ env: { TRUST_PROXY: "true" } });
    const { user } = await app.signUp({ email: "kim@example.com" });
    const signIn = async (userAgent: string, address: string) =>
      cookieFrom(
        await app.request("/api/auth/login", {
          body: { email: user.email, password: PASSWORD },
          headers: { "user-agent": userAgent, "x-forwarded-for": address },
        }),
      );
    const laptop = await signIn(MAC_CHROME, "203.0.113.20");
    const phone = await signIn(IPHONE_SAFARI, "198.51.100.4");

    const listed = await security(app, laptop);
    const byDevice = Object.fromEntries(listed.sessions.map((session) => [session.device, session]));
    expect(byDevice["Chrome on macOS"]).toMatchObject({ address: "203.0.113.20", current: true });
    expect(byDevice["Safari on iPhone"]).toMatchObject({ address: "198.51.100.4", current: false });
    expect(listed.sessions).toHaveLength(3);
    for (const session of listed.sessions) expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(0);
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    const phoneId = byDevice["Safari on iPhone"]?.id ?? "";
    const out = await app.request(`/api/account/security/sessions/${phoneId}`, {
      method: "DELETE",
      cookie: laptop,
      body: {},
    });
    expect(out.status).toBe(200);
    expect((await app.request("/api/account", { cookie: phone })).status).toBe(401);
    expect((await app.request("/api/account", { cookie: laptop })).status).toBe(200);
    expect((await security(app, laptop)).sessions.map((session) => session.device)).not.toContain("Safari on iPhone");

    // Another owner's session, or one already ended, cannot be touched.
    const other = await app.signUp({ email: "olga@example.com" });
    const [olgaSession] = (await security(app, other.cookie)).sessions;
    const foreign = await app.request(`/api/account/security/sessions/${olgaSession?.id}`, {
      method: "DELETE",
      cookie: laptop,
      body: {},
    });
    expect(foreign.status).toBe(404);
    expect((await app.request("/api/account", { cookie: other.cookie })).status).toBe(200);
    const gone = await app.request(`/api/account/security/sessions/${phoneId}`, {
      method: "DELETE",
      cookie: laptop,
      body: {},
    });
    expect((await gone.json()).error.code).toBe("not_found:session");
  });
});

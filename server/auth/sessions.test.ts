import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions as sessionRows, users } from "../db/schema";
import { PROFILE } from "../test/fixtures";
import { cookieFrom, createTestApp, type TestApp } from "../test/test-app";
import { authStorages } from "./auth-storage";
import { createSessions, SESSION_CHECK_TTL_MS } from "./sessions";

describe("the session check", () => {
  it("reuses a check for the time it allows, then asks the database again", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp();
    let clock = 0;
    const sessions = createSessions(app.deps.auth, { clock: () => clock });
    const headers = new Headers({ cookie });

    expect((await sessions.user(headers))?.id).toBe(user.id);
    // Revoked by another process sharing the database: this one notices once its check has aged out.
    await app.db.delete(sessionRows).where(eq(sessionRows.userId, user.id));
    clock += SESSION_CHECK_TTL_MS - 1;
    expect((await sessions.user(headers))?.id).toBe(user.id);
    clock += 2;
    expect(await sessions.user(headers)).toBeUndefined();
  });

  it("forgets a user's checks at once when told", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp();
    const sessions = createSessions(app.deps.auth, { clock: () => 0 });
    const headers = new Headers({ cookie });

    expect((await sessions.user(headers))?.id).toBe(user.id);
    await app.db.delete(sessionRows).where(eq(sessionRows.userId, user.id));
    sessions.forget(user.id);
    expect(await sessions.user(headers)).toBeUndefined();
  });

  it("ends a session on another device at once on sign-out everywhere", async () => {
    const app = await createTestApp();
    const { cookie: laptop, user, password } = await app.signUp();
    const phone = cookieFrom(await app.request("/api/auth/login", { body: { email: user.email, password } }));
    expect((await app.request("/api/account", { cookie: phone })).status).toBe(200);

    const everywhere = await app.request("/api/account/sign-out-everywhere", { body: {}, cookie: laptop });
    expect(everywhere.status).toBe(200);
    expect((await app.request("/api/account", { cookie: phone })).status).toBe(401);
  });

  it("ends the other devices' sessions at once on a password change", async () => {
    const app = await createTestApp();
    const { cookie: laptop, user, password } = await app.signUp();
    const phone = cookieFrom(await app.request("/api/auth/login", { body: { email: user.email, password } }));
    expect((await app.request("/api/account", { cookie: phone })).status).toBe(200);

    const newPassword = "another-horse-battery";
    const changed = await app.request("/api/account/password", {
      cookie: laptop,
      body: { currentPassword: password, newPassword, confirmPassword: newPassword },
    });
    expect(changed.status).toBe(200);
    expect((await app.request("/api/account", { cookie: phone })).status).toBe(401);
    expect((await app.request("/api/account", { cookie: cookieFrom(changed) })).status).toBe(200);
  });

  it("shows a new name at once", async () => {
    const app = await createTestApp();
    const { cookie } = await app.signUp({ name: "Old Name" });
    expect((await (await app.request("/api/auth/session", { cookie })).json()).user.name).toBe("Old Name");

    expect((await app.request("/api/account", { method: "PATCH", cookie, body: { name: "New Name" } })).status).toBe(
      200,
    );
    expect((await (await app.request("/api/auth/session", { cookie })).json()).user.name).toBe("New Name");
  });

  it("answers 401, not 500, to a write for an account deleted while its session was still trusted", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp();
    expect((await app.request("/api/account", { cookie })).status).toBe(200);
    // Deleted behind this process's back (its session check is kept for a while).
    await app.db.delete(users).where(eq(users.id, user.id));
    const write = await app.request("/api/onboarding", { method: "PUT", cookie, body: PROFILE });
    expect(write.status).toBe(401);
    expect(await write.json()).toMatchObject({ error: { code: "unauthorized:session" } });
  });

  it("refuses a forged cookie", async () => {
    const app = await createTestApp();
    await app.signUp();
    const sessions = createSessions(app.deps.auth);
    expect(await sessions.user(new Headers({ cookie: "better-auth.session_token=forged.value" }))).toBeUndefined();
  });
});

describe("a session that ends while another request of it is on its way", () => {
  it("answers that request 401 unauthorized:session, never 500", async () => {
    const app = await createTestApp();
    const { cookie, user, password } = await app.signUp();
    const seen: number[] = [];
    const race = async (...requests: Array<() => Promise<Response>>) => {
      // Both requests pass the (cached) session check before either reaches better-auth.
      expect((await app.request("/api/account", { cookie: current })).status).toBe(200);
      for (const response of await Promise.all(requests.map((send) => send()))) {
        seen.push(response.status);
        if (response.status !== 200) {
          expect(await response.json()).toEqual({
            error: { code: "unauthorized:session", message: "Please log in to continue." },
          });
        }
      }
      const login = await app.request("/api/auth/login", { body: { email: user.email, password } });
      current = cookieFrom(login);
    };
    let current = cookie;
    const everywhere = () => app.request("/api/account/sign-out-everywhere", { body: {}, cookie: current });
    const logout = () => app.request("/api/auth/logout", { body: {}, cookie: current });
    const rename = () => app.request("/api/account", { method: "PATCH", body: { name: "New Name" }, cookie: current });
    const changePassword = () =>
      app.request("/api/account/password", {
        body: { currentPassword: password, newPassword: password, confirmPassword: password },
        cookie: current,
      });

    await race(everywhere, everywhere);
    await race(logout, rename);
    await race(everywhere, changePassword);
    await race(logout, everywhere);
    expect(seen).toContain(401);
    expect(seen.every((status) => status === 200 || status === 401)).toBe(true);
  });

  it("answers sign-ins and session checks made at once, and leaves better-auth's context storages off after them", async () => {
    // Two apps in one process share better-auth's storages, as two servers in one test do.
    const apps = [await createTestApp(), await createTestApp()];
    const owners = [];
    for (let index = 0; index < 6; index++) {
      const app = apps[index % 2] as TestApp;
      owners.push({ app, ...(await app.signUp({ email: `owner${index}@example.com` })) });
    }

    // Each with a check of its own, so every one of them asks better-auth while the sign-ins are in flight.
    const checks = owners.map(({ app, cookie }) => createSessions(app.deps.auth).user(new Headers({ cookie })));
    const signIns = owners.map(({ app, user, password }) =>
      app.request("/api/auth/login", { body: { email: user.email, password } }),
    );
    expect((await Promise.all(checks)).map((user) => user?.id)).toEqual(owners.map((owner) => owner.user.id));
    for (const response of await Promise.all(signIns)) expect(response.status).toBe(200);

    // Promises made now carry no auth context along (Node would run a hook for each of them while one is on).
    expect(authStorages().length).toBeGreaterThan(0);
    // `enabled` is Node's own flag for it, left out of its types.
    expect(authStorages().filter((storage) => (storage as unknown as { enabled: boolean }).enabled)).toEqual([]);
    const { app, cookie } = owners[0] as (typeof owners)[number];
    expect((await app.request("/api/account", { cookie })).status).toBe(200);
  });
});

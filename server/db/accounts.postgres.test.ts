import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiStatus } from "../../shared/settings";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../test/fixtures";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { retrieveContext } from "../test/retrieve-context";
import { storedPieces } from "../test/stored-embeddings";
import { cookieFrom, createTestApp, type TestAppOptions } from "../test/test-app";
import { openDatabase } from "./open-database";
import { postgresSettings } from "./postgres";
import { pruneExpiredRows } from "./prune-expired-rows";

/**
 * An owner's whole life on a real PostgreSQL server: the journey with vector
 * search off (or on, where the server has pgvector), accounts that are created
 * and changed whole or not at all, deletion seen by every process at once,
 * pruning, and logs that never carry the owner's data.
 */

let server: PostgresServer;
let fake: FakeAiServer;
beforeAll(async () => {
  server = await startPostgresServer();
  fake = await startFakeAiServer();
});
afterAll(async () => {
  await fake?.close();
  await server?.destroy();
});

async function serverApp(database: string, options: Omit<TestAppOptions, "database"> = {}) {
  const env = {
    AI_BASE_URL: fake.url,
    AI_API_KEY: "test-key",
    CHAT_MODEL: "test-chat",
    DATABASE_URL: server.url(database),
    ...options.env,
  };
  const parsed = parseEnv(env);
  const handle = await openDatabase(
    { kind: "postgres", ...postgresSettings({ ...parsed, DATABASE_URL: env.DATABASE_URL }) },
    createLogger("silent"),
  );
  return createTestApp({ ...options, env, database: handle });
}

const PASSWORD = "correct-horse-battery";

describe("an owner on a PostgreSQL server", () => {
  it("trains and gets answers from their own context, by full text without pgvector and by meaning with it", async () => {
    const app = await serverApp(await server.createDatabase("journey"));
    const { cookie, user } = await app.signUp({ email: "journey@example.com" });
    await givePlan(app.deps, user.id, "premium", { profile: null });
    expect((await app.request("/api/onboarding", { method: "PUT", cookie, body: PROFILE })).status).toBe(200);
    const trained = await app.request("/api/training/martha", { cookie, body: answersFor("martha") });
    // Saved at once; the index is built by a background job.
    expect(await trained.json()).toMatchObject({ indexed: false });
    await app.jobsIdle();

    const pieces = await storedPieces(app.deps, user.id);
    expect(pieces).toHaveLength(20);
    if (server.pgvector) {
      expect(pieces.every((piece) => piece.embedding?.length === 1536)).toBe(true);
    } else {
      // Nothing is sent to the embedding model when nothing could store the vectors.
      expect(pieces.every((piece) => piece.embedding === null)).toBe(true);
      expect(fake.embeddingRequests()).toHaveLength(0);
    }

    // Finn is asked about marketing money: Martha's budget answer is found all the same.
    const found = await retrieveContext(app.deps, {
      userId: user.id,
      directorId: "finn",
      question: "How much do we spend on marketing each month?",
    });
    expect(found.map((piece) => piece.sourceField)).toContain("budget");

    fake.queueChat({ reply: "Keep the $800 and test one newsletter offer." });
    const answer = await app.request("/api/chat/martha/messages", { cookie, body: { text: "Where should I spend?" } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('"type":"finish"');
    const prompt = JSON.stringify(fake.streamedChatRequests().at(-1)?.body.messages);
    expect(prompt).toContain("We spend $800 a month on marketing");

    const status = (await (await app.request("/api/settings/ai", { cookie })).json()) as AiStatus;
    expect(status.vectorSearch).toEqual(
      server.pgvector ? { on: true, reason: null } : { on: false, reason: "no_pgvector" },
    );
  });

  it("never keeps half an account: a sign-up or a password change that fails halfway changes nothing", async () => {
    const database = await server.createDatabase("atomic");
    const app = await serverApp(database);
    const email = "halfway@example.com";
    const signUp = () =>
      app.request("/api/auth/sign-up", {
        body: { name: "Pat Owner", email, password: PASSWORD, confirmPassword: PASSWORD },
      });
    const failWrites = (table: string) =>
      app.db.execute(
        `create trigger fail_write before insert on "${table}" for each row execute function fail_write()`,
      );
    await app.db.execute(
      `create function fail_write() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );

    // The user row is written, then the password's account row fails: the user row goes too.
    await failWrites("account");
    expect((await signUp()).status).toBe(500);
    expect(await server.sql(`select count(*)::int as n from "user"`, database)).toEqual([{ n: 0 }]);
    await app.db.execute(`drop trigger fail_write on "account"`);
    const created = await signUp();
    expect(created.status).toBe(201);

    // The password is changed, then the new session fails: the old password still works.
    await failWrites("session");
    const changed = await app.request("/api/account/password", {
      cookie: cookieFrom(created),
      body: { currentPassword: PASSWORD, newPassword: "a-new-password-1", confirmPassword: "a-new-password-1" },
    });
    expect(changed.status).toBe(500);
    await app.db.execute(`drop trigger fail_write on "session"`);
    expect((await app.request("/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await app.request("/api/auth/login", { body: { email, password: "a-new-password-1" } })).status).toBe(401);
  });

  it("ends a deleted account's sessions on every process at once", async () => {
    const database = await server.createDatabase("deleted");
    const first = await serverApp(database);
    const second = await serverApp(database);
    const { cookie, user } = await first.signUp({ email: "leaving@example.com" });
    await givePlan(first.deps, user.id, "premium");
    expect((await second.request("/api/account", { cookie })).status).toBe(200);

    const deleted = await first.request("/api/account", {
      method: "DELETE",
      cookie,
      body: { email: "leaving@example.com" },
    });
    expect(deleted.status).toBe(200);
    expect((await second.request("/api/account", { cookie })).status).toBe(401);
    expect((await second.request("/api/onboarding", { method: "PUT", cookie, body: PROFILE })).status).toBe(401);
    expect((await second.request("/api/training/martha", { cookie, body: answersFor("martha") })).status).toBe(401);
  });

  it("prunes old throttling counters and expired sessions, from several processes at once", async () => {
    const database = await server.createDatabase("prune");
    const first = await serverApp(database);
    const second = await serverApp(database);
    const { cookie } = await first.signUp({ email: "stays@example.com" });
    const expired = await first.signUp({ email: "expired@example.com" });
    await server.sql(
      `update session set expires_at = now() - interval '1 day' where user_id = '${expired.user.id}';
       insert into rate_limits (key, window_start, count) select 'old:' || g, now() - interval '2 hours', 3
         from generate_series(1, 12000) g;
       insert into verification (id, identifier, value, expires_at) values
         ('old', 'reset:someone', 'token', now() - interval '1 hour'), ('new', 'reset:other', 'token', now() + interval '1 hour')`,
      database,
    );
    const counters = `select count(*)::int as n from rate_limits where key not like 'old:%'`;
    const currentCounters = await server.sql(counters, database);
    const now = new Date();
    const [a, b] = await Promise.all([pruneExpiredRows(first.db, now), pruneExpiredRows(second.db, now)]);
    expect(a.rateLimits + b.rateLimits).toBe(12_000);
    expect(a.sessions + b.sessions).toBe(1);
    expect(a.verifications + b.verifications).toBe(1);

    const left = await server.sql(
      `select (select count(*)::int from rate_limits where key like 'old:%') as old_counters,
        (select count(*)::int from session) as sessions,
        (select string_agg(id, ',') from verification) as verifications`,
      database,
    );
    expect(left).toEqual([{ old_counters: 0, sessions: 1, verifications: "new" }]);
    // This minute's sign-up counters stay; so does the live session, which still works.
    expect(await server.sql(counters, database)).toEqual(currentCounters);
    expect(currentCounters[0]?.n).toBeGreaterThan(0);
    expect((await first.request("/api/account", { cookie })).status).toBe(200);
  });

  it("logs database failures without query parameters or the owner's data", async () => {
    const database = await server.createDatabase("logs");
    const logLines: string[] = [];
    const app = await serverApp(database, { logLines, env: { LOG_LEVEL: "info" } });
    const { cookie, user } = await app.signUp({ email: "private@example.com" });
    await givePlan(app.deps, user.id, "premium", { profile: null });
    await app.db.execute(
      `create function fail_write() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await app.db.execute(
      `create trigger fail_write before insert or update on business_profiles for each row execute function fail_write()`,
    );
    expect((await app.request("/api/onboarding", { method: "PUT", cookie, body: PROFILE })).status).toBe(500);

    // And while the database is away altogether.
    await server.stop();
    try {
      expect((await app.request("/api/onboarding", { method: "PUT", cookie, body: PROFILE })).status).toBe(503);
    } finally {
      await server.start();
    }

    const logged = logLines.join("");
    expect(logged).toContain('Failed query: insert into \\"business_profiles\\"');
    expect(logged).toContain("disk full");
    expect(logged).toContain("database unavailable");
    expect(logged).not.toContain("params:");
    for (const value of [...Object.values(PROFILE), "private@example.com"]) expect(logged).not.toContain(value);
  });
});

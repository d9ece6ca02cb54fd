import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../shared/chat";
import { createApp } from "../app";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { buildDeps } from "../start";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../test/fixtures";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { cookieFrom } from "../test/test-app";
import { createTestDataDir } from "../test/test-database";
import type { DatabaseHandle } from "./client";
import { CopyRefusedError, copyDatabase } from "./copy-database";
import { openDatabase } from "./open-database";

/**
 * npm run db:copy: a whole owner (account, sessions, plan, profile, training,
 * context, conversation) moves from the embedded data folder onto a PostgreSQL
 * server and back, and works there as before.
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

const open: DatabaseHandle[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const handle of open.splice(0)) await handle.close();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const PASSWORD = "correct-horse-battery";
const SETTINGS = { poolMax: 4, connectTimeoutMs: 5000, statementTimeoutMs: 0 };

/** A new data folder with a freshly migrated embedded database in it. */
async function dataFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "directors-copy-"));
  folders.push(folder);
  await createTestDataDir(folder);
  return folder;
}

async function track(handle: Promise<DatabaseHandle>) {
  const opened = await handle;
  open.push(opened);
  return opened;
}

/** The app over an open database, as the server would run it. */
async function appOver(database: DatabaseHandle) {
  const env = parseEnv({
    LOG_LEVEL: "silent",
    AI_BASE_URL: fake.url,
    AI_API_KEY: "test-key",
    CHAT_MODEL: "test-chat",
  });
  const app = createApp(await buildDeps({ env, log: createLogger("silent"), database }));
  return (url: string, init: { cookie?: string; body?: unknown; method?: string } = {}) =>
    app.request(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      // State-changing requests come from the app's own origin, as the browser sends them.
      headers: {
        "content-type": "application/json",
        origin: new URL(env.APP_URL).origin,
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/** An owner with everything: plan, profile, Martha trained and indexed, a conversation. */
async function seedOwner(database: DatabaseHandle) {
  const request = await appOver(database);
  const signUp = await request("/api/auth/sign-up", {
    body: { name: "Dana Owner", email: "dana@example.com", password: PASSWORD, confirmPassword: PASSWORD },
  });
  const cookie = cookieFrom(signUp);
  const { user } = (await signUp.json()) as { user: { id: string } };
  await givePlan({ db: database.db, now: () => new Date() }, user.id, "premium", { profile: null });
  expect((await request("/api/onboarding", { method: "PUT", cookie, body: PROFILE })).status).toBe(200);
  expect((await request("/api/training/martha", { cookie, body: answersFor("martha") })).status).toBe(200);
  fake.queueChat({ reply: "Put the $800 into the newsletter first." });
  await (await request("/api/chat/martha/messages", { cookie, body: { text: "Where should my budget go?" } })).text();
  return { cookie };
}

/** What the owner sees, through the API, on the database given. */
/** Full-text retrieval's word counts (kept by triggers, not copied) match the copied pieces, none counted twice. */
async function expectWordCountsOfPieces(database: DatabaseHandle) {
  const [row] = (
    (await database.db.execute(sql`
      select (select sum(pieces)::int from context_piece_terms) as counted,
        (select count(*)::int from context_pieces p cross join lateral unnest(p.search_vector)) as held,
        (select sum(pieces)::int from context_piece_owner_stats) as pieces
    `)) as unknown as { rows: Array<{ counted: number; held: number; pieces: number }> }
  ).rows;
  expect(row?.held).toBeGreaterThan(0);
  expect(row).toEqual({ counted: row?.held, held: row?.held, pieces: 20 });
}

async function ownerView(database: DatabaseHandle, cookie: string) {
  const request = await appOver(database);
  const session = (await (await request("/api/auth/session", { cookie })).json()) as { user: { email: string } | null };
  const { profile } = (await (await request("/api/onboarding", { cookie })).json()) as {
    profile: { businessName: string } | null;
  };
  const history = (await (await request("/api/chat/martha", { cookie })).json()) as ChatHistory;
  const login = await request("/api/auth/login", { body: { email: "dana@example.com", password: PASSWORD } });
  return {
    signedInAs: session.user?.email,
    business: profile?.businessName,
    messages: history.messages.map((message) => message.content),
    trained: history.trained,
    login: login.status,
  };
}

function runCopy(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/db-copy.ts", ...args], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run db:copy", () => {
  it("moves a whole owner from the embedded data folder to a server and back, and refuses to overwrite accounts", async () => {
    const folder = await dataFolder();
    const embedded = await openDatabase({ kind: "pglite", dataDir: folder });
    const { cookie } = await seedOwner(embedded);
    const before = await ownerView(embedded, cookie);
    expect(before).toEqual({
      signedInAs: "dana@example.com",
      business: PROFILE.businessName,
      messages: ["Where should my budget go?", "Put the $800 into the newsletter first."],
      trained: true,
      login: 200,
    });
    await embedded.close();

    // The command line, as an owner runs it, onto an empty server database.
    const database = await server.createDatabase("copy");
    const copied = await runCopy(["--to", server.url(database)], folder);
    expect(copied.output).toContain("Copied ");
    expect(copied.output).toContain("every count matches the source");
    expect(copied.output).toMatch(/ {2}user: 1 row\n/);
    expect(copied.output).toMatch(/ {2}messages: 2 rows\n/);
    expect(copied.code).toBe(0);
    if (!server.pgvector) expect(copied.output).toContain("context_piece_embeddings: 20 rows not copied");

    // On the server the owner's session, password, profile, training and conversation all carry on.
    const onServer = await track(openDatabase({ kind: "postgres", url: server.url(database), ...SETTINGS }));
    expect(await ownerView(onServer, cookie)).toEqual(before);
    await expectWordCountsOfPieces(onServer);

    // And back, into a new data folder.
    const backFolder = await dataFolder();
    const back = await track(openDatabase({ kind: "pglite", dataDir: backFolder }));
    const result = await copyDatabase(onServer, back);
    const counts = Object.fromEntries(result.tables.map(({ table, rows }) => [table, rows]));
    expect(counts).toMatchObject({ user: 1, account: 1, business_profiles: 1, director_trainings: 1, messages: 2 });
    expect(counts.context_pieces).toBe(20);
    expect(result.embeddings).toBe(server.pgvector ? "copied" : "embedded_at_next_start");
    expect(await ownerView(back, cookie)).toEqual(before);
    await expectWordCountsOfPieces(back);

    // Copying onto a database that holds accounts is refused and changes nothing.
    await expect(copyDatabase(back, onServer)).rejects.toThrow(
      new CopyRefusedError(
        "The target database already holds accounts, so nothing was copied. Copy into a new, empty database.",
      ),
    );
    expect(await onServer.db.execute(sql`select email from "user"`)).toMatchObject({
      rows: [{ email: "dana@example.com" }],
    });
  });
});

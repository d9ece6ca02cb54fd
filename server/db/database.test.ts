import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { buildDeps } from "../start";
import { cookieFrom } from "../test/test-app";
import { createTestDatabase } from "../test/test-database";
import { snapshotFits } from "./database-snapshot";
import { EngineClient } from "./engine-client";
import { makeDatabaseSnapshot } from "./make-database-snapshot";
import { MIGRATIONS_FOLDER, openDatabase } from "./open-database";
import { preparedStatements } from "./pglite-prepared";
import { PGLITE_START_PARAMS } from "./pglite-settings";
import { users } from "./schema";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-db-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function signUpThrough(deps: Awaited<ReturnType<typeof buildDeps>>, email: string) {
  const app = createApp(deps);
  const password = "correct-horse-battery";
  const response = await app.request("/api/auth/sign-up", {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(deps.env.APP_URL).origin },
    body: JSON.stringify({ name: "Pat Owner", email, password, confirmPassword: password }),
  });
  expect(response.status).toBe(201);
  const session = await app.request("/api/auth/session", { headers: { cookie: cookieFrom(response) } });
  expect(await session.json()).toMatchObject({ user: { email } });
}

describe("the production driver (node-postgres)", () => {
  it("migrates and serves sign-up and sessions through a PostgreSQL socket", async () => {
    const pglite = await PGlite.create({ extensions: { vector } });
    const socket = new PGLiteSocketServer({ db: pglite, port: 0, host: "127.0.0.1", maxConnections: 4 });
    await socket.start();
    cleanups.push(async () => {
      await socket.stop();
      await pglite.close();
    });
    const url = `postgres://postgres:postgres@${socket.getServerConn()}/postgres`;
    const env = parseEnv({ LOG_LEVEL: "silent", DATABASE_URL: url });
    const database = await openDatabase({
      kind: "postgres",
      url,
      poolMax: 4,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 10_000,
    });
    cleanups.push(() => database.close());
    expect(database.driver).toBe("node-postgres");

    const deps = await buildDeps({ env, log: createLogger("silent"), database });
    await signUpThrough(deps, "pat@example.com");
    // Concurrent queries over several pooled connections.
    const counts = await Promise.all(
      Array.from({ length: 6 }, () => database.db.select({ n: sql<number>`count(*)::int` }).from(users)),
    );
    expect(counts.map(([row]) => row?.n)).toEqual([1, 1, 1, 1, 1, 1]);
    const extension = (await database.db.execute(sql`select extname from pg_extension where extname = 'vector'`)) as {
      rows: unknown[];
    };
    expect(extension.rows).toEqual([{ extname: "vector" }]);
  });
});

describe("the embedded database (PGlite in DATA_DIR)", () => {
  it.each([
    { setting: "unset", thread: undefined },
    { setting: "false", thread: "false" },
  ])("keeps data across a restart (EMBEDDED_DATABASE_THREAD $setting)", async ({ thread }) => {
    const dataDir = tempDir();
    const env = parseEnv({ LOG_LEVEL: "silent", DATA_DIR: dataDir, EMBEDDED_DATABASE_THREAD: thread });
    const first = await buildDeps({ env, log: createLogger("silent") });
    // The server's database is the engine's thread (server/db/engine-client.ts) unless the setting says false.
    const { $client } = first.db as unknown as { $client: unknown };
    expect($client instanceof EngineClient).toBe(thread === undefined);
    await signUpThrough(first, "keep@example.com");
    await first.database.close();

    const second = await buildDeps({ env, log: createLogger("silent") });
    cleanups.push(() => second.database.close());
    const rows = await second.db.select({ email: users.email }).from(users);
    expect(rows).toEqual([{ email: "keep@example.com" }]);
  });

  it("refuses a data folder another running server holds, with a clear message", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    cleanups.push(() => first.close());
    // A lock held by another live process (this test's parent stands in for it).
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.ppid));
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(
      /is in use by another running server \(pid \d+\)/,
    );
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.pid));
  });

  it("takes over a stale lock left by a process that is gone", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), "999999999");
    const database = await openDatabase({ kind: "pglite", dataDir });
    cleanups.push(() => database.close());
    expect(await database.ping()).toBe(true);
  });
});

describe("prepared statements on the embedded database", () => {
  it("answer as db.execute does, keep at most their limit, surface errors and never run inside another's transaction", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const prepared = preparedStatements(database.client, 2);
    await database.db.insert(users).values({ id: "u1", name: "Pat Owner", email: "pat@example.com" });
    const byEmail = (email: string) =>
      sql`select id, name, email_verified as "emailVerified" from "user" where email = ${email}`;

    expect(await prepared.execute(byEmail("pat@example.com"))).toEqual({
      rows: ((await database.db.execute(byEmail("pat@example.com"))) as unknown as { rows: unknown[] }).rows,
    });
    expect((await prepared.execute(byEmail("nobody@example.com"))).rows).toEqual([]);
    for (const n of [1, 2, 3])
      expect((await prepared.execute(sql`select ${n}::int + ${n} as v`)).rows).toEqual([{ v: 2 * n }]);
    expect(prepared.size).toBe(2);
    // The first statement was closed to keep the limit; it is prepared again when needed.
    expect((await prepared.execute(byEmail("pat@example.com"))).rows).toEqual([
      { id: "u1", name: "Pat Owner", emailVerified: false },
    ]);

    await expect(prepared.execute(sql`select 1 / ${0}::int`)).rejects.toThrow("division by zero");
    await expect(prepared.execute(sql`select * from no_such_table where id = ${1}`)).rejects.toThrow(
      'relation "no_such_table" does not exist',
    );
    expect((await prepared.execute(sql`select ${"still"}::text as v`)).rows).toEqual([{ v: "still" }]);

    // Started while a transaction is open, it runs after it and does not see its rolled-back row.
    let counted: Promise<{ rows: Array<{ n: number }> }> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ id: "u2", name: "Sam", email: "sam@example.com" });
        counted = prepared.execute(sql`select count(*)::int as n from "user" where email = ${"sam@example.com"}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await counted)?.rows).toEqual([{ n: 0 }]);
  });
});

describe("a new data folder from the build's migrated snapshot", () => {
  it("starts as a copy of the snapshot, with later migrations applied on top, and works", async () => {
    // A snapshot made by a build from before the newest migration.
    const olderMigrations = path.join(tempDir(), "migrations");
    fs.cpSync(MIGRATIONS_FOLDER, olderMigrations, { recursive: true });
    const journalFile = path.join(olderMigrations, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries.pop();
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const snapshot = path.join(tempDir(), "snapshot");
    await makeDatabaseSnapshot(snapshot, olderMigrations);
    // Without the relation maps PostgreSQL makes again when it needs them: fewer files to copy into each new folder.
    const snapshotFiles = fs.readdirSync(path.join(snapshot, "pg"), { recursive: true }).map(String);
    expect(snapshotFiles.filter((file) => /_(fsm|vm)$/.test(file))).toEqual([]);
    // Something only the snapshot holds, to tell a copy of it from a database made from scratch.
    const marking = await PGlite.create(path.join(snapshot, "pg"), {
      extensions: { vector },
      startParams: PGLITE_START_PARAMS,
    });
    await marking.exec("create table snapshot_marker (id int)");
    await marking.close();

    const dataDir = tempDir();
    const database = await openDatabase({ kind: "pglite", dataDir, snapshotFolder: snapshot });
    cleanups.push(() => database.close());
    const marker = (await database.db.execute(sql`select to_regclass('snapshot_marker') is not null as copied`)) as {
      rows: Array<{ copied: boolean }>;
    };
    expect(marker.rows).toEqual([{ copied: true }]);
    const applied = (await database.db.execute(
      sql`select hash from drizzle.__drizzle_migrations order by created_at`,
    )) as { rows: Array<{ hash: string }> };
    expect(applied.rows.map((row) => row.hash)).toEqual(
      readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.hash),
    );
    expect(database.vectors).toEqual({ available: true });
    expect(fs.existsSync(path.join(dataDir, "pg.partial"))).toBe(false);
    // Only the app's database: initdb's templates are not copied into every new folder.
    const databases = (await database.db.execute(sql`select datname from pg_database`)) as {
      rows: Array<{ datname: string }>;
    };
    expect(databases.rows).toEqual([{ datname: "postgres" }]);
    await database.db.execute(sql`vacuum "user"`);

    const deps = await buildDeps({ env: parseEnv({ LOG_LEVEL: "silent" }), log: createLogger("silent"), database });
    await signUpThrough(deps, "snapshot@example.com");
    // Making the snapshot runs initdb and every migration, like a build: seconds on a busy machine.
  }, 120_000);

  it("is used only when the migrations it holds are this code's first ones, unchanged", () => {
    expect(snapshotFits({ migrations: ["a", "b"] }, ["a", "b", "c"])).toBe(true);
    expect(snapshotFits({ migrations: ["a", "b"] }, ["a", "b"])).toBe(true);
    expect(snapshotFits({ migrations: ["a", "x"] }, ["a", "b", "c"])).toBe(false);
    expect(snapshotFits({ migrations: ["a", "b", "c"] }, ["a", "b"])).toBe(false);
  });
});

describe("configuration", () => {
  it("names every bad variable and what it expects", () => {
    expect(() => parseEnv({ PORT: "abc", CONTEXT_ENABLED: "maybe", AVAILABLE_DIRECTORS: "martha,zed" })).toThrow(
      /PORT[\s\S]*CONTEXT_ENABLED[\s\S]*AVAILABLE_DIRECTORS/,
    );
  });

  it("accepts OPENAI_API_KEY and counts a base URL alone as a configured provider", () => {
    expect(parseEnv({ OPENAI_API_KEY: "k" })).toMatchObject({ AI_API_KEY: "k", AI_CONFIGURED: true });
    expect(parseEnv({ AI_BASE_URL: "http://localhost:11434/v1" })).toMatchObject({ AI_CONFIGURED: true });
    expect(parseEnv({})).toMatchObject({ AI_CONFIGURED: false, PORT: 3000, DATA_DIR: "./data" });
  });
});

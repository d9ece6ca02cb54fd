import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../../shared/chat";
import { createApp } from "../../app";
import { MIGRATIONS_FOLDER, openDatabase } from "../../db/client";
import type { AppDeps } from "../../deps";
import { parseEnv } from "../../env";
import { createLogger } from "../../logger";
import { buildDeps } from "../../start";
import { type StreamPart, streamedText, streamParts } from "../../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { PROFILE } from "../../test/fixtures";
import { cookieFrom } from "../../test/test-app";

/**
 * Two server processes on one real PostgreSQL 15 server: an answer written by
 * one is read live, from its first word to its end, through the other (the
 * stored text plus LISTEN/NOTIFY), and Stop pressed on the other reaches it.
 * Each "process" is a full app with its own connection pool and its own
 * answers in memory, as separate processes have.
 */

const BIN = "/usr/lib/postgresql/15/bin";
let postgres: ChildProcess | undefined;
let root = "";
let url = "";
let fake: FakeAiServer;
const servers: AppDeps[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** initdb and postgres refuse to run as root: they run as the postgres user, in a folder it owns. */
function asPostgres(command: string, args: string[]) {
  return process.getuid?.() === 0
    ? (["runuser", ["-u", "postgres", "--", command, ...args]] as const)
    : ([command, args] as const);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "directors-pg-"));
  fs.chmodSync(root, 0o777);
  const dataDir = path.join(root, "data");
  const [initdb, initArgs] = asPostgres(`${BIN}/initdb`, ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  const [server, serverArgs] = asPostgres(`${BIN}/postgres`, [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${root}`,
    "-c",
    "fsync=off",
  ]);
  postgres = spawn(server, serverArgs, { stdio: "ignore" });
  url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await standInForPgvector(client);
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  fake = await startFakeAiServer();
}, 60_000);

afterAll(async () => {
  for (const deps of servers) {
    await deps.answers.close(0);
    await deps.database.close();
  }
  await fake?.close();
  if (postgres && postgres.exitCode === null) {
    const exited = new Promise((resolve) => postgres?.once("exit", resolve));
    const [pgCtl, args] = asPostgres(`${BIN}/pg_ctl`, ["-D", path.join(root, "data"), "stop", "-m", "fast", "-w"]);
    execFileSync(pgCtl, args, { stdio: "ignore" });
    await exited;
  }
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * This machine's PostgreSQL 15 has no pgvector, which the first migration
 * creates. Nothing here uses vectors, so the test stands in for the type and
 * its two functions and marks that first migration as applied; every other
 * migration runs as written.
 */
async function standInForPgvector(client: pg.Client) {
  const available = await client.query("select 1 from pg_available_extensions where name = 'vector'");
  if (available.rowCount) return;
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const first = journal.entries[0];
  await client.query(`
    create domain vector as real[];
    create function vector_dims(vector) returns integer language sql immutable as 'select cardinality($1)';
    create function vector_stand_in_distance(vector, vector) returns double precision language sql immutable
      as 'select 1.0::double precision';
    create operator <=> (leftarg = vector, rightarg = vector, function = vector_stand_in_distance);
    create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
  `);
  await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
    first?.tag,
    first?.when,
  ]);
}

/** One server process: its own pool, its own answers hub, the same database. */
async function startProcess() {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    APP_URL: "http://localhost:3000",
    AI_BASE_URL: fake.url,
    AI_API_KEY: "pg-test-key",
    CHAT_MODEL: "pg-chat",
    EMBEDDING_MODEL: "none",
  });
  const database = await openDatabase({ kind: "postgres", url, maxConnections: 4 });
  const deps = await buildDeps({ env, log: createLogger("silent"), database, aiRetry: { firstDelayMs: 5 } });
  servers.push(deps);
  const app = createApp(deps);
  return (pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    app.request(pathname, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      // As the app's own pages send it: state-changing requests come from the app's origin.
      headers: {
        "content-type": "application/json",
        origin: env.APP_URL,
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

/** Reads parts of a stream until `until` says stop (or the stream ends); the reader can go on reading after. */
async function readParts(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (part: StreamPart) => boolean,
): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parts;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const part = JSON.parse(line.slice(6)) as StreamPart;
      parts.push(part);
      if (until(part)) return parts;
    }
  }
}

describe("answers across server processes on PostgreSQL", () => {
  it("are read live through another process, whole, and stopped from another process", async () => {
    const first = await startProcess();
    const second = await startProcess();
    const password = "correct-horse-battery";
    const signUp = await first("/api/auth/sign-up", {
      body: { name: "Pat Owner", email: "pat@example.com", password, confirmPassword: password },
    });
    expect(signUp.status).toBe(201);
    const cookie = cookieFrom(signUp);
    expect((await first("/api/plans/select", { cookie, body: { planId: "premium" } })).status).toBe(200);
    expect((await second("/api/onboarding", { cookie, method: "PUT", body: PROFILE })).status).toBe(200);

    // The first process writes a slow answer; its asker reads one part and goes away.
    const reply = Array.from({ length: 60 }, (_, index) => `idea${index}`).join(" ");
    fake.queueChat({ reply, firstTokenDelayMs: 200, chunkDelayMs: 25 });
    fake.queueCompletion({ reply: "Ideas" });
    const asked = await first("/api/chat/martha/messages", { cookie, body: { text: "Give me sixty ideas" } });
    const asker = asked.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const [start] = await readParts(asker, (part) => part.type === "start");
    await asker.cancel();
    const conversationId = String(start?.messageMetadata?.conversationId);

    // Another process reads it from its first word to its end.
    const followed = await second(`/api/conversations/${conversationId}/stream`, { cookie });
    expect(followed.status).toBe(200);
    const parts = await streamParts(followed);
    expect(streamedText(parts)).toBe(reply);
    expect(parts.at(-1)).toMatchObject({ type: "finish", messageMetadata: { status: "complete" } });
    const stored = (await (await second("/api/chat/martha", { cookie })).json()) as ChatHistory;
    expect(stored.messages.at(-1)).toMatchObject({ content: reply, status: "complete" });

    // Stop pressed on the second process stops the answer the first is writing.
    fake.queueChat({ reply: "word ".repeat(400).trim(), chunkDelayMs: 25 });
    const long = await first("/api/chat/martha/messages", { cookie, body: { text: "Talk a lot", conversationId } });
    const talker = long.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const beginning = await readParts(talker, (part) => part.type === "text-delta");
    const answerId = String(beginning[0]?.messageId);
    expect((await second(`/api/messages/${answerId}/stop`, { cookie, body: {} })).status).toBe(200);
    const rest = await readParts(talker, () => false);
    expect(rest.at(-1)).toMatchObject({ type: "finish", messageMetadata: { status: "stopped" } });
    const afterStop = (await (await second("/api/chat/martha", { cookie })).json()) as ChatHistory;
    const stopped = afterStop.messages.at(-1);
    expect(stopped?.status).toBe("stopped");
    expect(stopped?.content.length).toBeGreaterThan(0);
    expect(stopped?.content.length).toBeLessThan("word ".repeat(400).length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../../shared/chat";
import { createApp } from "../../app";
import { openDatabase } from "../../db/open-database";
import type { AppDeps } from "../../deps";
import { parseEnv } from "../../env";
import { createLogger } from "../../logger";
import { buildDeps } from "../../start";
import { type StreamPart, streamedText, streamParts } from "../../test/chat-stream";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { PROFILE } from "../../test/fixtures";
import { type PostgresServer, startPostgresServer } from "../../test/postgres-server";
import { cookieFrom } from "../../test/test-app";

/**
 * Two server processes on one real PostgreSQL 15 server: an answer written by
 * one is read live, from its first word to its end, through the other (the
 * stored text plus LISTEN/NOTIFY), and Stop pressed on the other reaches it.
 * Each "process" is a full app with its own connection pool and its own
 * answers in memory, as separate processes have.
 */

let postgres: PostgresServer;
let url = "";
let fake: FakeAiServer;
const servers: AppDeps[] = [];

beforeAll(async () => {
  postgres = await startPostgresServer();
  url = postgres.url(await postgres.createDatabase("answers"));
  fake = await startFakeAiServer();
});

afterAll(async () => {
  for (const deps of servers) {
    await deps.answers.close(0);
    await deps.database.close();
  }
  await fake?.close();
  await postgres?.destroy();
});

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
  const database = await openDatabase(
    { kind: "postgres", url, poolMax: 4, connectTimeoutMs: 5000, statementTimeoutMs: 10_000 },
    createLogger("silent"),
  );
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

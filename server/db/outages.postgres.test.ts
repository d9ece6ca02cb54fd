import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { givePlan } from "../test/fixtures";
import { freePort } from "../test/free-port";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { startServerProcess, waitForServer } from "../test/server-process";
import { createTestApp, type TestApp } from "../test/test-app";
import { openDatabase } from "./open-database";
import { postgresSettings } from "./postgres";
import { directorTrainings } from "./schema";

/**
 * A real PostgreSQL server that goes away: backends terminated, the server
 * restarted, frozen, out of connections. The app never ends, answers 503
 * server:database (never 500) while the database is away, and recovers by
 * itself when it is back.
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

const log = createLogger("silent");

async function serverApp(database: string, settings: Record<string, string> = {}, user?: [string, string]) {
  const env = {
    AI_BASE_URL: fake.url,
    AI_API_KEY: "test-key",
    CHAT_MODEL: "test-chat",
    DATABASE_URL: server.url(database, ...(user ?? [])),
    DATABASE_CONNECT_TIMEOUT_MS: "2000",
    DATABASE_STATEMENT_TIMEOUT_MS: "2000",
    ...settings,
  };
  const parsed = parseEnv(env);
  const handle = await openDatabase(
    { kind: "postgres", ...postgresSettings({ ...parsed, DATABASE_URL: env.DATABASE_URL }) },
    log,
  );
  return createTestApp({ env, database: handle });
}

async function ownerReadyToChat(app: TestApp, email: string) {
  const owner = await app.signUp({ email });
  await givePlan(app.deps, owner.user.id, "premium");
  await app.db.insert(directorTrainings).values({
    userId: owner.user.id,
    directorId: "martha",
    answers: { budget: "$800 a month" },
    trainedAt: new Date(),
  });
  return owner;
}

type Part = { type: string; errorText?: string };

/** Reads a chat answer's stream to its end; `onFirstText` runs once the first words have arrived. */
async function readAnswer(response: Response, onFirstText: () => void | Promise<void>): Promise<Part[]> {
  const parts: Part[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  let sawText = false;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const part = JSON.parse(line.slice(6)) as Part;
      parts.push(part);
      if (part.type === "text-delta" && !sawText) {
        sawText = true;
        await onFirstText();
      }
    }
  }
  return parts;
}

/** Asks until the answer is 200, for a database that has just come back. */
async function eventually200(request: () => Promise<Response>) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await request();
    statuses.push(response.status);
    if (response.status === 200) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`never answered 200: ${statuses.join(", ")}`);
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  if (response.headers.get("content-type")?.includes("json")) {
    const body = (await response.json()) as { error?: { code: string } };
    if (body.error) expect(body.error.code).toBe("server:database");
  }
}

describe("a PostgreSQL server that goes away", () => {
  it("answers 503 while backends are terminated or the server restarts, idle or mid-answer, and recovers by itself", async () => {
    const database = await server.createDatabase("outage");
    const app = await serverApp(database);
    const { cookie } = await ownerReadyToChat(app, "outage@example.com");
    const account = () => app.request("/api/account", { cookie });
    expect((await account()).status).toBe(200);

    // Idle connections ended by an administrator (or a failover, or a proxy's idle timeout).
    await server.terminateBackends(database);
    const afterTermination = await eventually200(account);
    expect(afterTermination.every((status) => status === 200 || status === 503)).toBe(true);

    // Ended in the middle of an answer: the answer still finishes, or ends with the database's own error code.
    fake.queueChat({ reply: "one two three four five six seven", chunkDelayMs: 100 });
    let answer = await app.request("/api/chat/martha/messages", { cookie, body: { text: "How do I grow?" } });
    expect(answer.status).toBe(200);
    let parts = await readAnswer(answer, () => server.terminateBackends(database));
    expect(["finish", "error"]).toContain(parts.at(-1)?.type);
    if (parts.at(-1)?.type === "error") expect(parts.at(-1)?.errorText).toBe("server:database");
    expect(parts.some((part) => part.errorText === "server:internal")).toBe(false);

    // The server is down: every request is a clean 503, and the session is not read as signed out.
    await server.stop();
    try {
      await expectUnavailable(await account());
      await expectUnavailable(await app.request("/api/auth/session", { cookie }));
      await expectUnavailable(await app.request("/api/health"));
      await expectUnavailable(
        await app.request("/api/onboarding", { method: "PUT", cookie, body: { businessName: "Moonlight" } }),
      );
    } finally {
      await server.start();
    }
    await eventually200(account);
    expect(await (await app.request("/api/auth/session", { cookie })).json()).toMatchObject({
      user: { email: "outage@example.com" },
    });

    // Down in the middle of an answer: the owner sees the database's error, and the next question works.
    fake.queueChat({ reply: "one two three four five six seven", chunkDelayMs: 100 });
    answer = await app.request("/api/chat/martha/messages", { cookie, body: { text: "And next month?" } });
    expect(answer.status).toBe(200);
    try {
      parts = await readAnswer(answer, () => server.stop());
    } finally {
      await server.start();
    }
    expect(parts.at(-1)).toMatchObject({ type: "error", errorText: "server:database" });
    await eventually200(account);
    // The cut-off answer is stored as failed within a second or so of the database's return; then the owner may ask.
    const ask = () => app.request("/api/chat/martha/messages", { cookie, body: { text: "Once more?" } });
    for (let attempt = 0; attempt < 40; attempt++) {
      answer = await ask();
      if (answer.status !== 409) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(answer.status).toBe(200);
    parts = await readAnswer(answer, () => {});
    expect(parts.at(-1)?.type).toBe("finish");
  });

  it("fails requests to a frozen server within the timeouts, then recovers", async () => {
    const database = await server.createDatabase("frozen");
    const app = await serverApp(database, {
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_STATEMENT_TIMEOUT_MS: "1000",
    });
    const { cookie } = await app.signUp({ email: "frozen@example.com" });
    expect((await app.request("/api/account", { cookie })).status).toBe(200);

    server.freeze();
    try {
      const started = Date.now();
      // One request finds an open connection that never answers, the other needs a new one that never opens.
      const [account, health] = await Promise.all([
        app.request("/api/account", { cookie }),
        app.request("/api/health"),
      ]);
      await expectUnavailable(account);
      await expectUnavailable(health);
      // In seconds, not for as long as the server stays frozen (the timeouts are 1 s each, the rest is slack).
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      server.thaw();
    }
    await eventually200(() => app.request("/api/account", { cookie }));
  });

  it("keeps within a role's connection limit: all 120 concurrent requests served; an oversized pool gets 503s, never 500s", async () => {
    await server.sql("create role limited login password 'limited-password' connection limit 7");
    const database = await server.createDatabase("limited");
    await server.sql(`alter database ${database} owner to limited`);
    await server.sql("grant create on schema public to limited", database);
    // Only a superuser may create pgvector, once per database.
    if (server.pgvector) await server.sql("create extension vector", database);
    const credentials: [string, string] = ["limited", "limited-password"];
    // Two processes with 3 connections each fit the role's 7 (one is left for a process starting).
    const first = await serverApp(database, { DATABASE_POOL_MAX: "3" }, credentials);
    const second = await serverApp(database, { DATABASE_POOL_MAX: "3" }, credentials);
    const { cookie } = await first.signUp({ email: "busy@example.com" });
    const burst = (apps: TestApp[]) =>
      Promise.all(
        Array.from({ length: 120 }, (_, index) =>
          (apps[index % apps.length] as TestApp)
            .request("/api/account", { cookie })
            .then((response) => response.status),
        ),
      );
    expect(new Set(await burst([first, second]))).toEqual(new Set([200]));

    // A third process with a pool of 6 on top of them asks for more connections than the role may have.
    const third = await serverApp(database, { DATABASE_POOL_MAX: "6" }, credentials);
    const statuses = await burst([first, second, third]);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  });
});

describe("two server processes on one PostgreSQL", () => {
  it("start together on a fresh database, stay up through a database restart and serve again after it", async () => {
    const database = await server.createDatabase("processes");
    const ports = [await freePort(), await freePort()];
    const processes = ports.map((port) =>
      startServerProcess({
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: server.url(database),
        DATABASE_CONNECT_TIMEOUT_MS: "2000",
        LOG_LEVEL: "error",
      }),
    );
    const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`);
    for (const [index, port] of ports.entries()) {
      const first = await waitForServer(`http://127.0.0.1:${port}/api/health`, processes[index] as never);
      expect(first.status).toBe(200);
    }

    await server.stop();
    try {
      for (const port of ports) expect((await health(port)).status).toBe(503);
    } finally {
      await server.start();
    }
    for (const port of ports) await eventually200(() => health(port));
    expect(processes.map((process) => process.exitCode())).toEqual([undefined, undefined]);
    expect(processes.map((process) => process.stderr())).toEqual(["", ""]);
  });
});

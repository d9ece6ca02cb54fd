import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatHistory } from "../../../shared/chat";
import { streamedText, streamParts } from "../../test/chat-stream";
import { startFakeAiServer } from "../../test/fake-ai-server";
import { PROFILE } from "../../test/fixtures";
import { cookieFrom } from "../../test/test-app";

/**
 * A server process killed (kill -9) while it writes an answer: after a
 * restart the question is not left with a silent gap; the answer says it was
 * interrupted, keeps what had been written, and Retry answers it.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The real server (server/index.ts) in its own process, on the embedded database in `dataDir`. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  // A cold start migrates the embedded database: allow for a busy machine.
  for (let attempt = 0; attempt < 1000; attempt++) {
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) return { url, child, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

describe("an answer cut off by a crash", () => {
  it("shows as interrupted after a restart, with what was written, and Retry answers it", async () => {
    const fake = await startFakeAiServer();
    cleanups.push(() => fake.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-crash-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATA_DIR: dataDir,
      AI_BASE_URL: fake.url,
      AI_API_KEY: "crash-test-key",
      CHAT_MODEL: "crash-chat",
      EMBEDDING_MODEL: "none",
    };

    const first = await startServer(env);
    const password = "correct-horse-battery";
    const signUp = await fetch(`${first.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify({ name: "Crash Owner", email: "crash@example.com", password, confirmPassword: password }),
    });
    expect(signUp.status).toBe(201);
    const cookie = cookieFrom(signUp);
    const call = (url: string, pathname: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${url}${pathname}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        // As the app's own pages send it (state-changing requests must come from the app's origin).
        headers: { cookie, "content-type": "application/json", origin: url },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    expect((await call(first.url, "/api/plans/select", { body: { planId: "premium" } })).status).toBe(200);
    expect((await call(first.url, "/api/onboarding", { method: "PUT", body: PROFILE })).status).toBe(200);

    const words = Array.from({ length: 200 }, (_, index) => `point${index}`);
    fake.queueChat({ reply: words.join(" "), chunkDelayMs: 40 });
    const asking = await call(first.url, "/api/chat/martha/messages", { body: { text: "Tell me everything" } });
    expect(asking.status).toBe(200);
    // Keep reading the stream, as a browser would, until the server has stored the first words (it stores the
    // text every second while it streams).
    const draining = asking.body?.pipeTo(new WritableStream()).catch(() => undefined);
    for (;;) {
      const stored = (await (await call(first.url, "/api/chat/martha")).json()) as ChatHistory;
      if (/^point0 point1 point2/.test(stored.messages.at(-1)?.content ?? "")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    first.child.kill("SIGKILL");
    await first.exited;
    await draining;

    const second = await startServer(env);
    const opened = (await (await call(second.url, "/api/chat/martha")).json()) as ChatHistory;
    const answer = opened.messages.at(-1);
    expect(opened.messages.at(-2)).toMatchObject({ sender: "user", content: "Tell me everything" });
    expect(answer).toMatchObject({ sender: "ai", status: "interrupted" });
    expect(answer?.content).toMatch(/^point0 point1 point2/);
    expect(words.join(" ").startsWith(answer?.content ?? "x")).toBe(true);
    expect(answer?.content.length).toBeLessThan(words.join(" ").length);

    fake.queueChat({ reply: "Everything, in one go." });
    const retried = await call(second.url, "/api/chat/martha/messages", {
      body: { retry: true, conversationId: opened.conversation?.id },
    });
    expect(retried.status).toBe(200);
    expect(streamedText(await streamParts(retried))).toBe("Everything, in one go.");
    const after = (await (await call(second.url, "/api/chat/martha")).json()) as ChatHistory;
    expect(after.messages.map((message) => [message.sender, message.status, message.content])).toEqual([
      ["user", "complete", "Tell me everything"],
      ["ai", "complete", "Everything, in one go."],
    ]);
    second.child.kill("SIGTERM");
    await second.exited;
    // Two cold starts of a server process: generous on a busy machine.
  }, 240_000);
});

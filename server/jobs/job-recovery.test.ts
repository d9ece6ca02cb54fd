import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { KnowledgeListResponse, KnowledgeSourceItem } from "../../shared/knowledge";
import { startFakeAiServer } from "../test/fake-ai-server";

/**
 * A background job survives its process being killed: the server is a real
 * process on the embedded database in a data folder, killed with SIGKILL in
 * the middle of embedding a source, then started again on the same folder.
 */

const fake = await startFakeAiServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-jobs-"));
const running = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of running) child.kill("SIGKILL");
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServerProcess(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      AI_BASE_URL: fake.url,
      AI_API_KEY: "test-key",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/api/health`).catch(() => undefined))?.ok === true, 60_000);
  return { url, child };
}

describe("a job interrupted by kill -9", () => {
  it("finishes after the server is started again", async () => {
    const first = await startServerProcess();
    const signup = await fetch(`${first.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url },
      body: JSON.stringify({
        name: "Kill Test",
        email: "kill@example.com",
        password: "correct-horse-battery",
        confirmPassword: "correct-horse-battery",
      }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    // As the app's own pages send them: JSON, with the app's origin.
    const json = { "content-type": "application/json", origin: first.url, cookie };
    const plan = await fetch(`${first.url}/api/plans/select`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ planId: "premium" }),
    });
    expect(plan.status).toBe(200);

    // The provider takes its time with the first request, so the job is mid-way when the process dies.
    fake.queueEmbeddings({ delayMs: 120_000 });
    const created = await fetch(`${first.url}/api/knowledge/notes`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ title: "Roast schedule", text: "We roast the Ethiopian beans every Tuesday at 6 am." }),
    });
    expect(created.status).toBe(201);
    const { source } = (await created.json()) as { source: KnowledgeSourceItem };
    await waitUntil(async () => fake.embeddingRequests().length === 1, 30_000);
    expect((await sourceOf(first.url, cookie, source.id))?.status).toBe("indexing");

    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = await startServerProcess();
    await waitUntil(async () => (await sourceOf(second.url, cookie, source.id))?.status === "ready", 60_000);
    expect(fake.embeddingRequests()).toHaveLength(2);
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  }, 150_000);
});

async function sourceOf(url: string, cookie: string, id: string) {
  const response = await fetch(`${url}/api/knowledge`, { headers: { cookie } });
  return ((await response.json()) as KnowledgeListResponse).sources.find((item) => item.id === id);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

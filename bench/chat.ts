// Chat benchmark (issue 7): `npm run bench:chat`.
//
// 1. Server time added before the first token: 200 sequential turns against the local OpenAI-protocol test server
//    answering at once. Time to first token as the client sees it is then almost all our own work (session, checks,
//    storing the question, context and retrieval, prompt, the provider call and relaying the first token).
//    Target p50 ≤ 10 ms, p95 ≤ 30 ms.
// 2. 200 concurrent streaming turns from 200 owners: errors (target 0), p95 time to first token, server RSS.
//
// The server runs in its own process (bench/chat-server.ts) on the embedded database in a fresh data folder, or with
// DATABASE_URL on a fresh database of that PostgreSQL server, so its memory is measured alone; the test AI server and
// the clients run here. USERS and TURNS shrink a quick run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createInterface } from "node:readline";
import { startFakeAiServer } from "../server/test/fake-ai-server";

const USERS = Number(process.env.USERS ?? 200);
const SEQUENTIAL_TURNS = Number(process.env.TURNS ?? 200);
const WARMUP_TURNS = 20;

const fake = await startFakeAiServer();
const child = spawn(process.execPath, ["--import", "tsx", "bench/chat-server.ts"], {
  env: { ...process.env, BENCH_USERS: String(USERS), BENCH_AI_BASE_URL: fake.url },
  stdio: ["ignore", "pipe", "inherit"],
});
const ready = await new Promise<{ url: string; cookies: string[]; database: string }>((resolve, reject) => {
  child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
  createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line)));
});
const { url, cookies } = ready;
process.stdout.write(`Database: ${ready.database}\n`);
const pid = child.pid ?? 0;

type Turn = { ok: boolean; ttftMs: number; providerAtMs: number; providerOwnMs: number; error?: string };

/** One chat turn, read to the end; times are from just before the request. */
async function turn(cookie: string, text: string): Promise<Turn> {
  const started = performance.now();
  const requestsBefore = fake.streamedChatRequests().length;
  const response = await fetch(`${url}/api/chat/martha/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie },
    body: JSON.stringify({ text }),
  });
  if (!response.ok || !response.body) {
    return {
      ok: false,
      ttftMs: Number.NaN,
      providerAtMs: Number.NaN,
      providerOwnMs: Number.NaN,
      error: `HTTP ${response.status}`,
    };
  }
  let ttftMs = Number.NaN;
  let buffer = "";
  let finished = false;
  let error: string | undefined;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const part = JSON.parse(line.slice(6)) as { type: string; errorText?: string };
      if (part.type === "text-delta" && Number.isNaN(ttftMs)) ttftMs = performance.now() - started;
      if (part.type === "error") error = part.errorText;
      if (part.type === "finish") finished = true;
    }
  }
  // Only meaningful when turns run one at a time: when the provider received this turn's request, and how long it
  // took itself (reading the request, writing its first text), which is not server time.
  const request = fake.streamedChatRequests()[requestsBefore];
  const providerAtMs = request ? request.receivedAt - started : Number.NaN;
  const providerOwnMs = request?.firstTextAt ? request.firstTextAt - request.receivedAt : Number.NaN;
  return { ok: finished && !error, ttftMs, providerAtMs, providerOwnMs, error };
}

function percentile(values: number[], p: number): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function rssMiB(field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

function print(line: string) {
  process.stdout.write(`${line}\n`);
}

/** CPU time the server process has used so far (user + system), in ms; unlike wall time it ignores other load. */
function serverCpuMs(): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

try {
  // 1. Sequential turns, the AI answering at once. Ten owners take turns so conversations grow as in real use.
  for (let index = 0; index < WARMUP_TURNS; index++) await turn(cookies[index % 10] ?? "", `Warm-up question ${index}`);
  const sequential: Turn[] = [];
  const cpuBefore = serverCpuMs();
  for (let index = 0; index < SEQUENTIAL_TURNS; index++) {
    sequential.push(await turn(cookies[index % 10] ?? "", `Which channel should I focus on next month? (${index})`));
  }
  const cpuPerTurn = (serverCpuMs() - cpuBefore) / SEQUENTIAL_TURNS;
  const ttft = sequential.map((result) => result.ttftMs);
  const beforeProvider = sequential.map((result) => result.providerAtMs);
  const serverAdded = sequential.map((result) => result.ttftMs - result.providerOwnMs);
  print(`Sequential: ${SEQUENTIAL_TURNS} turns, ${sequential.filter((r) => !r.ok).length} errors`);
  print(
    `  time to first token (AI answering at once): p50 ${ms(percentile(ttft, 50))}, p95 ${ms(percentile(ttft, 95))}`,
  );
  print(
    `  of which before the AI request is sent: p50 ${ms(percentile(beforeProvider, 50))}, p95 ${ms(percentile(beforeProvider, 95))}`,
  );
  print(
    `  server time added (time to first token less the test AI server's own time from request to first text): p50 ${ms(percentile(serverAdded, 50))}, p95 ${ms(percentile(serverAdded, 95))}`,
  );

  print(`  server CPU per whole turn (request, context, streaming, storing): ${ms(cpuPerTurn)}`);

  // 2. 200 owners at once, each streaming a ~40-word answer at 20 ms a word.
  fake.queueChat(
    ...Array.from({ length: USERS }, () => ({
      reply: "word ".repeat(40).trim(),
      firstTokenDelayMs: 0,
      chunkDelayMs: 20,
    })),
  );
  const rssBefore = rssMiB("VmRSS");
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMiB("VmRSS"));
  }, 25);
  const started = performance.now();
  const concurrent = await Promise.all(cookies.map((cookie, index) => turn(cookie, `Concurrent question ${index}`)));
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const failures = concurrent.filter((result) => !result.ok);
  const concurrentTtft = concurrent.map((result) => result.ttftMs);
  print(`Concurrent: ${USERS} owners, ${failures.length} errors${failures.length ? ` (${failures[0]?.error})` : ""}`);
  print(
    `  time to first token: p50 ${ms(percentile(concurrentTtft, 50))}, p95 ${ms(percentile(concurrentTtft, 95))}; all done in ${ms(wallMs)}`,
  );
  print(
    `  server RSS: ${rssBefore.toFixed(1)} MiB before, ${rssPeak.toFixed(1)} MiB peak during, ${rssMiB("VmHWM").toFixed(1)} MiB high-water mark since start (includes creating the owners)`,
  );
} finally {
  child.kill("SIGTERM");
  await fake.close();
}

// Voice benchmark (issue 43): `npm run bench:voice`.
//
// The real server on a free port (embedded database in memory), the local OpenAI-protocol test server answering at
// once, and a client here, all in this one process and one request at a time, so that their clocks are one clock.
// 1. Spoken question: a 2-second WAV recording (64 KB) uploaded to POST /api/voice/transcriptions until its text is
//    read, against the same upload sent straight to the test server's /v1/audio/transcriptions. The difference is the
//    time our server adds (session, plan and rate checks, reading the upload, sending it on, relaying the text).
//    Target: p95 ≤ 50 ms beyond the provider's own time.
// 2. Read aloud: GET /api/voice/messages/:id/speech; the time from the test server writing its first audio bytes to
//    the client reading its first audio bytes. Target ≤ 100 ms.
// ROUNDS (default 200) after 20 warm-up rounds.
import { conversations, messages } from "../server/db/schema";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { startServer } from "../server/start";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { givePlan } from "../server/test/fixtures";
import { freePort } from "../server/test/free-port";
import { createTestDatabase } from "../server/test/test-database";
import { makeWav } from "../server/test/wav";
import { signUpBenchOwner } from "./bench-owner";
import { percentile } from "./percentile";

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const WARMUP = 20;

const fake = await startFakeAiServer();
const port = await freePort();
const env = parseEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${port}`,
  AI_BASE_URL: fake.url,
  AI_API_KEY: "bench-voice",
  EMBEDDING_MODEL: "none",
  VOICE_RATE_LIMIT_PER_MINUTE: "100000",
});
const server = await startServer({ env, log: createLogger("silent"), database: await createTestDatabase() });
const { cookie, userId } = await signUpBenchOwner((path, init) => fetch(`${env.APP_URL}${path}`, init), env.APP_URL, {
  email: "voice-bench@example.com",
});
await givePlan(server.deps, userId, "premium");
const answerId = await storedAnswer(
  userId,
  "Raise the price of the three-tier cake to £240 [1] and ask for a deposit of a third when the order is placed [2].",
);
const recording = makeWav(2);

const viaServer: number[] = [];
const direct: number[] = [];
const firstBytes: number[] = [];
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const throughServer = await transcribeVia(`${env.APP_URL}/api/voice/transcriptions`, {
    cookie,
    origin: env.APP_URL,
  });
  const provider = await transcribeVia(`${fake.url}/audio/transcriptions`, {}, { model: "whisper-1" });
  const delay = await firstAudioDelay();
  if (round < WARMUP) continue;
  viaServer.push(throughServer);
  direct.push(provider);
  firstBytes.push(delay);
}
await server.close();
await fake.close();

const added = viaServer.map((value, index) => value - (direct[index] ?? 0));
const line = (name: string, values: number[]) =>
  `  ${name}: p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`;
process.stdout.write(
  [
    `Spoken question, ${ROUNDS} rounds (2 s WAV, ${Math.round(recording.length / 1024)} KB)`,
    line("through our server", viaServer),
    line("straight to the test AI server", direct),
    line("added by our server", added),
    `Read aloud, ${ROUNDS} rounds`,
    line("provider's first audio bytes → client's first audio bytes", firstBytes),
    "",
  ].join("\n"),
);
// Exits here rather than when the event loop drains: with nothing left to do, Node would first wait for V8's
// background compiles of the embedded database's WebAssembly (see startServer in server/start.ts), which on a busy
// machine takes minutes. The loop holds nothing else by then (process.getActiveResourcesInfo() is empty).
process.exit(0);

/** One upload until its text is read, in ms. */
async function transcribeVia(url: string, headers: Record<string, string>, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new Blob([recording], { type: "audio/wav" }), "recording.wav");
  form.append("seconds", "2");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const started = performance.now();
  const response = await fetch(url, { method: "POST", headers, body: form });
  const body = (await response.json()) as { text?: string };
  if (!response.ok || !body.text) throw new Error(`transcription failed: ${response.status}`);
  return performance.now() - started;
}

/** How long after the test server wrote its first audio bytes the client read its own first bytes, in ms. */
async function firstAudioDelay(): Promise<number> {
  const response = await fetch(`${env.APP_URL}/api/voice/messages/${answerId}/speech`, { headers: { cookie } });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  await reader.read();
  const readAt = performance.now();
  const providerAt = fake.speechRequests().at(-1)?.firstAudioAt;
  while (!(await reader.read()).done) {
    // Read to the end, as a player would.
  }
  if (!response.ok || providerAt === undefined) throw new Error(`speech failed: ${response.status}`);
  return readAt - providerAt;
}

async function storedAnswer(owner: string, content: string): Promise<string> {
  const [conversation] = await server.deps.db
    .insert(conversations)
    .values({ userId: owner, directorId: "martha" })
    .returning({ id: conversations.id });
  const [message] = await server.deps.db
    .insert(messages)
    .values({ conversationId: conversation?.id ?? "", userId: owner, sender: "ai", content })
    .returning({ id: messages.id });
  return message?.id ?? "";
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

// AI requests per chat turn (issue 39): `npm run bench:requests`.
//
// One owner has a 20-turn conversation with Martha, a question every THINK_MS (500 ms by default), about one in five
// of them stating a new fact about the business; the server learns with a pause of PAUSE seconds (5 by default, ten
// times the think time, as two minutes are to the seconds an owner takes between questions). Once the conversation
// has been quiet for the pause and learning has had its say, the bench counts what the AI service was sent: requests
// of the chat model per turn (answers, the conversation's title, requests for facts) and tokens sent per turn,
// estimated as the characters of the requests' messages / 4. Target: ≤ 1.15 requests per turn.
//
// The server runs in its own process (bench/chat-server.ts, the embedded database in a fresh data folder), the test
// AI server in a worker thread. `npm run bench:requests -- --compare <git ref>` runs the same conversation against
// that ref's server (from a temporary worktree) and this one, alternately RUNS times (default 1).

import { startChatServerProcess } from "./chat-server-process";
import { compareRefArg, type Figure, measureEach, printTable } from "./compare-ref";
import { SCRIPT } from "./conversation-script";
import { type RequestRecord, startFakeAiThread } from "./fake-ai-thread";

const THINK_MS = Number(process.env.THINK_MS ?? 500);
const PAUSE_SECONDS = Number(process.env.PAUSE ?? 5);
const RUNS = Number(process.env.RUNS ?? 1);
const compareRef = compareRefArg("bench:requests");

type Run = {
  turns: number;
  errors: number;
  requests: RequestRecord[];
};

const fake = await startFakeAiThread();

/** One chat turn, read to the end; whether it finished. */
async function turn(url: string, cookie: string, text: string, conversationId?: string) {
  const response = await fetch(`${url}/api/chat/martha/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie },
    body: JSON.stringify({ text, conversationId }),
  });
  if (!response.ok || !response.body) return { ok: false as const };
  const body = await response.text();
  const finish = body
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; messageMetadata?: { conversationId?: string } })
    .find((part) => part.type === "finish");
  return { ok: finish !== undefined, conversationId: finish?.messageMetadata?.conversationId };
}

/** Waits until the test AI server has had no request for `quietMs`. */
async function quietFor(quietMs: number) {
  let count = await fake.count();
  let since = performance.now();
  while (performance.now() - since < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await fake.count();
    if (now !== count) {
      count = now;
      since = performance.now();
    }
  }
}

async function measure(root: string): Promise<Run> {
  const ready = await startChatServerProcess(root, {
    BENCH_USERS: "1",
    BENCH_AI_BASE_URL: fake.url,
    BENCH_LEARNING_PAUSE_SECONDS: String(PAUSE_SECONDS),
  });
  try {
    const cookie = ready.cookies[0] ?? "";
    const from = await fake.count();
    let conversationId: string | undefined;
    let errors = 0;
    for (const [index, line] of SCRIPT.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, THINK_MS));
      const result = await turn(ready.url, cookie, line.text, conversationId);
      if (!result.ok) errors += 1;
      conversationId ??= result.conversationId;
    }
    // The pause, then learning's request and a margin.
    await quietFor(PAUSE_SECONDS * 1000 + 3000);
    return { turns: SCRIPT.length, errors, requests: await fake.records(from) };
  } finally {
    await ready.stop();
  }
}

const tokens = (requests: RequestRecord[]) => requests.reduce((sum, request) => sum + request.messagesChars / 4, 0);
const answers = (run: Run) => run.requests.filter((request) => request.streamed);
const facts = (run: Run) => run.requests.filter((request) => request.object);
const others = (run: Run) => run.requests.filter((request) => !request.streamed && !request.object);

const FIGURES: Array<Figure<Run>> = [
  {
    label: `turns (${SCRIPT.filter((line) => line.states).length} state a fact): errors`,
    value: (r) => r.errors,
    unit: "",
    target: "0",
  },
  {
    label: "AI requests per turn",
    value: (r) => r.requests.length / r.turns,
    unit: "decimal",
    target: "≤ 1.15",
  },
  { label: "  answers", value: (r) => answers(r).length, unit: "" },
  { label: "  titles", value: (r) => others(r).length, unit: "" },
  { label: "  requests for facts", value: (r) => facts(r).length, unit: "" },
  { label: "tokens sent per turn (≈ characters / 4)", value: (r) => tokens(r.requests) / r.turns, unit: "" },
  { label: "  for answers", value: (r) => tokens(answers(r)) / r.turns, unit: "" },
  { label: "  for facts", value: (r) => tokens(facts(r)) / r.turns, unit: "" },
];

try {
  printTable(
    FIGURES,
    await measureEach({ ref: compareRef, runs: RUNS, label: "this checkout", build: false, measure }),
  );
  process.stdout.write(`Think time ${THINK_MS} ms, learning pause ${PAUSE_SECONDS} s\n`);
} finally {
  await fake.close();
}

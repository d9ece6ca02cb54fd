// Knowledge benchmark (issue 11): `npm run bench:knowledge`.
//
// A 200-page PDF and a 5,000-row CSV added through the real app in-process (an in-memory PGlite database, the
// background job runner), with embeddings from the local OpenAI-protocol test server. For each: time from the upload
// to "ready", the part of it spent outside the provider (total less the time some embedding request was in flight at
// the test server), pieces per second, and the resident memory of the process (server, jobs and test server).
import { createApp } from "../server/app";
import { parseEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { buildDeps } from "../server/start";
import { makePdf } from "../server/test/document-fixtures";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { givePlan } from "../server/test/fixtures";
import { createTestDatabase } from "../server/test/test-database";
import type { KnowledgeListResponse } from "../shared/knowledge";
import { signUpBenchOwner } from "./bench-owner";

const PAGES = 200;
const ROWS = 5000;

const fake = await startFakeAiServer();
const env = parseEnv({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  APP_URL: "http://localhost:3000",
  AI_BASE_URL: fake.url,
  AI_API_KEY: "bench",
});
const database = await createTestDatabase();
const deps = await buildDeps({ env, log: createLogger("silent"), database });
const app = createApp(deps);

const { cookie, userId } = await signUpBenchOwner((path, init) => app.request(path, init), env.APP_URL, {
  email: "bench@example.com",
});
await givePlan(deps, userId, "premium");

const pdf = makePdf(
  Array.from({ length: PAGES }, (_, page) =>
    Array.from(
      { length: 40 },
      (_, line) =>
        `Page ${page + 1}, line ${line + 1}: our ${["espresso", "filter", "cold brew", "decaf"][line % 4]} sales in region ${page % 12} grew by ${(page * 7 + line) % 40} percent.`,
    ),
  ),
);
const csv = [
  "order_id,date,customer,product,quantity,unit_price,region,notes",
  ...Array.from(
    { length: ROWS },
    (_, row) =>
      `${10000 + row},2025-${String((row % 12) + 1).padStart(2, "0")}-${String((row % 28) + 1).padStart(2, "0")},Customer ${row % 700},${["Espresso beans 1kg", "Filter subscription", "Cold brew case", "Barista workshop"][row % 4]},${(row % 9) + 1},${(12 + (row % 30)).toFixed(2)},Region ${row % 12},Delivered on time`,
  ),
].join("\n");

const rows: string[] = [];
// Resident memory is sampled while the documents are read; creating the test database before that has its own peak.
const rssBeforeMb = megabytes(process.memoryUsage().rss);
let rssPeak = 0;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 25);
for (const [name, bytes] of [
  [`price-history-${PAGES}-pages.pdf`, pdf],
  [`orders-${ROWS}-rows.csv`, Buffer.from(csv)],
] as const) {
  const before = fake.embeddingRequests().length;
  const started = performance.now();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await app.request("/api/knowledge/files", {
    method: "POST",
    body: form,
    headers: { cookie, origin: env.APP_URL },
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const { source } = (await response.json()) as { source: { id: string } };
  let pieces = 0;
  for (;;) {
    const list = (await (await app.request("/api/knowledge", { headers: { cookie } })).json()) as KnowledgeListResponse;
    const item = list.sources.find((entry) => entry.id === source.id);
    if (item?.status === "failed") throw new Error(`${name} failed: ${item.failure?.message}`);
    if (item?.status === "ready") {
      pieces = item.piecesTotal;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const total = performance.now() - started;
  const provider = busyTime(fake.embeddingRequests().slice(before));
  rows.push(
    `${name} (${(bytes.length / 1024 / 1024).toFixed(1)} MB): ready in ${seconds(total)}, ` +
      `${seconds(total - provider)} outside the provider, ${pieces} pieces, ${Math.round(pieces / (total / 1000))} pieces/s`,
  );
}
clearInterval(sampler);
await deps.database.close();
await fake.close();
process.stdout.write(
  `Knowledge: upload → ready\n${rows.map((row) => `  ${row}`).join("\n")}\n` +
    `  RSS ${rssBeforeMb} MB before the uploads, peak ${megabytes(rssPeak)} MB while reading and indexing\n`,
);
// PGlite's WebAssembly may still be compiling in V8's background threads, which would hold the exit for minutes on a
// busy machine; the figures are out, so end.
process.exit();

function megabytes(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

/** How long at least one of these requests was in flight (overlapping requests count once). */
function busyTime(requests: Array<{ receivedAt: number; finishedAt?: number }>): number {
  const spans = requests
    .map((request) => [request.receivedAt, request.finishedAt ?? request.receivedAt] as const)
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let end = -Infinity;
  for (const [start, finish] of spans) {
    if (finish <= end) continue;
    busy += finish - Math.max(start, end);
    end = finish;
  }
  return busy;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

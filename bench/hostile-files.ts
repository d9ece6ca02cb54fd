// Hostile files benchmark (issue 38): `npm run build`, then `npm run bench:hostile-files`.
//
// The built server (dist/server/index.js, started as `npm start` starts it) on the embedded database in a fresh data
// folder, with the test AI server in a thread of this process. One owner uploads each hostile file in turn, made here
// (server/test/hostile-files.ts), and waits until it is ready or failed; meanwhile another owner chats with Martha,
// turn after turn, each read to its end. For each file: how it ended, how long it took, the server's resident memory
// at its peak above its level just before the upload (the server process alone, and with the process that reads
// files), and the other owner's slowest turn. Targets: ≤ 300 MB above the level before, no turn slower than 2 s.
// A large ordinary Word file is read first, for comparison.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDocx } from "../server/test/document-fixtures";
import { answersFor } from "../server/test/fixtures";
import { freePort } from "../server/test/free-port";
import {
  csvOfRows,
  docxOfManyParagraphs,
  docxOfOneHugeRun,
  htmlOfElements,
  pdfOfInflatingStream,
  pdfOfManyPages,
  pdfWithBrokenXref,
} from "../server/test/hostile-files";
import type { KnowledgeListResponse, KnowledgeSourceItem } from "../shared/knowledge";
import { emptyOnboardingData, ONBOARDING_FIELDS } from "../shared/onboarding";
import { startFakeAiThread } from "./fake-ai-thread";
import { serverLaunch } from "./server-launch";

const RSS_TARGET_MB = 300;
const TURN_TARGET_MS = 2000;

if (!fs.existsSync("dist/server/index.js")) {
  process.stderr.write("Build first: npm run build\n");
  process.exit(1);
}

const ordinaryText = "Our espresso sales grew in every region, and the new filter subscription kept its customers. ";
const files: Array<{ label: string; name: string; make: () => Buffer | string | Promise<Buffer> }> = [
  {
    label: "Word, 2 million characters (ordinary)",
    name: "annual-report.docx",
    make: () =>
      makeDocx(
        Array.from({ length: 600 }, (_, section) => ({
          heading: `Section ${section + 1}`,
          paragraphs: Array.from({ length: 10 }, () => ordinaryText.repeat(3)),
        })),
      ),
  },
  { label: "Word, 200 MB of tiny paragraphs", name: "minutes.docx", make: () => docxOfManyParagraphs(200) },
  { label: "Word, one 1.1 GB run of text", name: "contract.docx", make: () => docxOfOneHugeRun(1100) },
  { label: "PDF, 100,000 pages", name: "catalogue.pdf", make: () => pdfOfManyPages(100_000) },
  { label: "PDF, broken cross-reference table", name: "index.pdf", make: () => pdfWithBrokenXref(2000) },
  { label: "PDF, a page inflating to 200 MB", name: "drawing.pdf", make: () => pdfOfInflatingStream(200) },
  { label: "CSV, 1,000,000 short rows", name: "readings.csv", make: () => csvOfRows(1_000_000) },
  { label: "HTML, 1,000,000 elements", name: "export.html", make: () => htmlOfElements(1_000_000) },
];

const fake = await startFakeAiThread();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-hostile-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const launch = serverLaunch(process.cwd(), ["dist/server/index.js"]);
const server = spawn(launch.command, launch.args, {
  env: {
    PATH: launch.path,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: dataDir,
    AI_BASE_URL: fake.url,
    AI_API_KEY: "sk-bench",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    CHAT_RATE_LIMIT_PER_MINUTE: "100000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

try {
  await healthy();
  const uploader = await newOwner("Uploading Owner", "uploader@example.com");
  const chatter = await newOwner("Chatting Owner", "chatter@example.com");
  const trained = await api("/api/training/martha", chatter, answersFor("martha"));
  if (trained.status !== 200) throw new Error(`training failed: ${trained.status}`);

  // The chat's own pace with nothing being read, for comparison.
  const idleTurns: number[] = [];
  for (let turn = 0; turn < 20; turn++) idleTurns.push(await chatTurn(chatter, turn));
  const rows: string[] = [];
  let missed = false;
  for (const file of files) {
    const made = await file.make();
    const bytes = typeof made === "string" ? Buffer.from(made) : made;
    await settled();
    const before = { server: rssMb(server.pid), reading: readingRssMb(server.pid) };
    const peak = { server: before.server, withReading: before.server + before.reading };
    const sampler = setInterval(() => {
      const serverNow = rssMb(server.pid);
      peak.server = Math.max(peak.server, serverNow);
      peak.withReading = Math.max(peak.withReading, serverNow + readingRssMb(server.pid));
    }, 20);
    const started = performance.now();
    const source = await upload(uploader, file.name, bytes);
    let done = false;
    const finished = waitUntilFinished(uploader, source.id).finally(() => {
      done = true;
    });
    let slowest = 0;
    let turns = 0;
    while (!done) {
      slowest = Math.max(slowest, await chatTurn(chatter, turns));
      turns += 1;
    }
    const result = await finished;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const serverRise = peak.server - before.server;
    const totalRise = peak.withReading - before.server - before.reading;
    missed ||= totalRise > RSS_TARGET_MB || slowest > TURN_TARGET_MS;
    rows.push(
      [
        file.label.padEnd(40),
        `${(bytes.length / 1024 / 1024).toFixed(1)} MB`.padStart(8),
        outcome(result).padEnd(26),
        `${seconds.toFixed(1)} s`.padStart(7),
        `${Math.round(before.server)} → +${Math.round(serverRise)} MB`.padStart(16),
        `+${Math.round(totalRise)} MB`.padStart(9),
        `${Math.round(slowest)} ms (${turns})`.padStart(15),
      ].join("  "),
    );
  }
  process.stdout.write(
    `Hostile files (built server, embedded database), one at a time; another owner chats throughout\n` +
      `  chat with nothing being read: slowest of 20 turns ${Math.round(Math.max(...idleTurns))} ms\n` +
      `  ${"file".padEnd(40)}  ${"size".padStart(8)}  ${"outcome".padEnd(26)}  ${"time".padStart(7)}  ` +
      `${"server RSS".padStart(16)}  ${"+reader".padStart(9)}  ${"slowest turn".padStart(15)}\n` +
      rows.map((row) => `  ${row}\n`).join("") +
      `  "server RSS": the server process before the upload → its peak rise; "+reader": the peak rise of the server\n` +
      `  and its file-reading process together. Targets: ≤ ${RSS_TARGET_MB} MB, ≤ ${TURN_TARGET_MS} ms: ` +
      `${missed ? "MISSED" : "met"}.\n`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

type Owner = { cookie: string };

async function healthy() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.ok) return;
    if (server.exitCode !== null || Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function api(pathname: string, owner: Owner | undefined, body?: unknown, method = "POST") {
  return fetch(`${url}${pathname}`, {
    method,
    headers: { "content-type": "application/json", origin: url, ...(owner ? { cookie: owner.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Signs up, fills in the business profile and takes the premium plan, as the app's pages do. */
async function newOwner(name: string, email: string): Promise<Owner> {
  const password = "correct-horse-battery";
  const signup = await api("/api/auth/sign-up", undefined, { name, email, password, confirmPassword: password });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status}`);
  const owner = {
    cookie: signup.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; "),
  };
  const profile = {
    ...emptyOnboardingData(),
    ...Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field.name, field.placeholder.replace(/^e\.g\. /, "")])),
  };
  for (const [pathname, body, method] of [
    ["/api/onboarding", profile, "PUT"],
    ["/api/plans/select", { planId: "premium" }, "POST"],
  ] as const) {
    const response = await api(pathname, owner, body, method);
    if (response.status !== 200) throw new Error(`${pathname} failed: ${response.status}`);
  }
  return owner;
}

async function upload(owner: Owner, name: string, bytes: Buffer): Promise<KnowledgeSourceItem> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${url}/api/knowledge/files`, {
    method: "POST",
    headers: { origin: url, cookie: owner.cookie },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload of ${name} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { source: KnowledgeSourceItem }).source;
}

async function waitUntilFinished(owner: Owner, id: string): Promise<KnowledgeSourceItem> {
  for (;;) {
    const list = (await (await api("/api/knowledge", owner, undefined, "GET")).json()) as KnowledgeListResponse;
    const source = list.sources.find((item) => item.id === id);
    if (source && (source.status === "ready" || source.status === "failed")) return source;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One chat turn, read to its end; its time in ms. */
async function chatTurn(owner: Owner, turn: number): Promise<number> {
  const started = performance.now();
  const response = await api("/api/chat/martha/messages", owner, { text: `How should I price a new blend? (${turn})` });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('"type":"finish"')) throw new Error(`chat failed: ${response.status}`);
  return performance.now() - started;
}

/** Waits until the server has no file being read or indexed and its memory has stopped falling. */
async function settled() {
  let last = rssMb(server.pid);
  for (let quiet = 0; quiet < 5; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = rssMb(server.pid);
    quiet = Math.abs(now - last) < 2 ? quiet + 1 : 0;
    last = now;
  }
}

function outcome(source: KnowledgeSourceItem): string {
  if (source.status === "failed") return `refused: ${source.failure?.code}`;
  return `read${source.truncated ? " in part" : ""}, ${source.piecesTotal} pieces`;
}

function rssMb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The resident memory of the server's child processes (the process that reads files, while it runs). */
function readingRssMb(serverPid: number | undefined): number {
  try {
    const children = fs.readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, "utf8").trim();
    return children === "" ? 0 : children.split(" ").reduce((sum, pid) => sum + rssMb(Number(pid)), 0);
  } catch {
    return 0;
  }
}

import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  KNOWLEDGE_FAILURE_MESSAGES,
  type KnowledgeListResponse,
  type KnowledgeSourceItem,
} from "../../../shared/knowledge";
import { READ_LIMITS } from "../../knowledge/extract/read-limits";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import {
  csvOfRows,
  docxOfManyParagraphs,
  docxOfOneHugeRun,
  htmlOfElements,
  pdfOfInflatingStream,
  pdfOfManyPages,
  pdfWithBrokenXref,
} from "../../test/hostile-files";
import { createTestApp, type TestApp, type TestAppOptions } from "../../test/test-app";

/**
 * Files made to take the server down (issue 38): small uploads that expand to
 * gigabytes, PDFs of a hundred thousand pages, spreadsheets and pages of a
 * million rows. Each is refused with a reason or read in part, in a few
 * seconds, and never again; meanwhile another owner's chat keeps answering.
 */

/** The target for another owner's requests while a hostile file is read. */
const OTHER_OWNER_MAX_MS = 2000;

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

function appWithAi(options: TestAppOptions = {}) {
  return createTestApp({
    ...options,
    env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", CHAT_RATE_LIMIT_PER_MINUTE: "10000", ...options.env },
  });
}

async function owner(app: TestApp) {
  const signedUp = await app.signUp();
  await givePlan(app.deps, signedUp.user.id, "premium");
  return signedUp;
}

async function upload(app: TestApp, cookie: string, name: string, bytes: Buffer | string) {
  const form = new FormData();
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  const response = await app.app.request("/api/knowledge/files", {
    method: "POST",
    body: form,
    headers: { cookie, origin: new URL(app.env.APP_URL).origin },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { source: KnowledgeSourceItem }).source;
}

async function sourceOf(app: TestApp, cookie: string, id: string) {
  const list = (await (await app.request("/api/knowledge", { cookie })).json()) as KnowledgeListResponse;
  return list.sources.find((source) => source.id === id);
}

/** Polls the owner's list, as the page does, until every one of these sources is ready or failed. */
async function finished(app: TestApp, cookie: string, ids: string[], timeoutMs = 25_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sources = await Promise.all(ids.map((id) => sourceOf(app, cookie, id)));
    if (sources.every((source) => source?.status === "ready" || source?.status === "failed")) {
      return sources as KnowledgeSourceItem[];
    }
    if (Date.now() > deadline) throw new Error(`still ${sources.map((source) => source?.status).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Another owner, with a trained director, chatting turn after turn until `work` settles: the slowest turn's time
 * (whole answer, read to the end) and how many turns there were.
 */
async function chatWhile<T>(app: TestApp, work: Promise<T>): Promise<{ result: T; slowestMs: number; turns: number }> {
  const other = await app.signUp();
  await givePlan(app.deps, other.user.id, "premium");
  const trained = await app.request("/api/training/martha", { cookie: other.cookie, body: answersFor("martha") });
  expect(trained.status).toBe(200);
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  // Its failure is thrown below, once the turn under way has ended.
  settled.catch(() => {});
  let slowestMs = 0;
  let turns = 0;
  while (!done) {
    const started = performance.now();
    const response = await app.request("/api/chat/martha/messages", {
      cookie: other.cookie,
      body: { text: `How do I price a new espresso blend? (${turns})` },
    });
    expect(response.status).toBe(200);
    await response.text();
    slowestMs = Math.max(slowestMs, performance.now() - started);
    turns += 1;
  }
  return { result: await settled, slowestMs, turns };
}

/** The ingestion jobs as the queue holds them: a failure by a limit is final, never retried. */
async function ingestJobs(app: TestApp) {
  const result = await app.db.execute(
    sql`select state, retry_count as "retryCount" from pgboss.job where name = 'ingest-source' order by created_on`,
  );
  return (result as unknown as { rows: Array<{ state: string; retryCount: number }> }).rows;
}

const TOO_BIG = { code: "too_big_to_read", message: "This file expands to more than we can read" };

describe("knowledge: hostile files are refused or read in part, and never hold up the server", () => {
  it("refuses Word files whose text expands to hundreds of megabytes, while another owner chats", async () => {
    const app = await appWithAi();
    const { cookie } = await owner(app);
    const paragraphs = docxOfManyParagraphs(200);
    const hugeRun = docxOfOneHugeRun(1100);
    expect(paragraphs.length + hugeRun.length).toBeLessThan(2 * 1024 * 1024);

    const ids = [
      (await upload(app, cookie, "minutes.docx", paragraphs)).id,
      (await upload(app, cookie, "contract.docx", hugeRun)).id,
    ];
    const { result, slowestMs, turns } = await chatWhile(app, finished(app, cookie, ids));

    expect(result.map((source) => source.failure)).toEqual([TOO_BIG, TOO_BIG]);
    expect(turns).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(OTHER_OWNER_MAX_MS);
    await app.jobsIdle();
    expect(await ingestJobs(app)).toEqual([
      { state: "completed", retryCount: 0 },
      { state: "completed", retryCount: 0 },
    ]);
  });

  it("refuses a PDF of 100,000 pages and one whose page expands past the reading memory; reads a broken index", async () => {
    const app = await appWithAi();
    const { cookie } = await owner(app);
    const ids = [
      (await upload(app, cookie, "catalogue.pdf", pdfOfManyPages(100_000))).id,
      (await upload(app, cookie, "drawing.pdf", pdfOfInflatingStream(200))).id,
      (await upload(app, cookie, "scanned-index.pdf", pdfWithBrokenXref(300))).id,
    ];
    const { result, slowestMs } = await chatWhile(app, finished(app, cookie, ids));

    expect(result[0]).toMatchObject({ status: "failed", failure: TOO_BIG });
    expect(result[1]).toMatchObject({ status: "failed", failure: TOO_BIG });
    // PDF.js finds the objects again when the cross-reference table is wrong.
    expect(result[2]).toMatchObject({ status: "ready", pageCount: 300, truncated: false });
    expect(slowestMs).toBeLessThan(OTHER_OWNER_MAX_MS);
  });

  // Nine megabytes to upload, a million rows to parse and thousands of pieces to store take a while on a busy machine.
  it("reads the start of a spreadsheet of a million rows, counts them all, and says it was cut", async () => {
    // Full-text search only: storing the pieces is what this is about, not embedding them.
    const app = await appWithAi({ env: { EMBEDDING_MODEL: "none" } });
    const { cookie } = await owner(app);
    const { id } = await upload(app, cookie, "readings.csv", csvOfRows(1_000_000));
    const { result, slowestMs } = await chatWhile(app, finished(app, cookie, [id], 50_000));

    expect(result[0]).toMatchObject({ status: "ready", truncated: true, rowCount: 1_000_000 });
    expect(result[0]?.piecesTotal).toBeLessThanOrEqual(READ_LIMITS.pieces);
    expect(slowestMs).toBeLessThan(OTHER_OWNER_MAX_MS);
  }, 60_000);

  it("reads the start of a page of a million elements, and says it was cut", async () => {
    const app = await appWithAi({ env: { EMBEDDING_MODEL: "none" } });
    const { cookie } = await owner(app);
    const { id } = await upload(app, cookie, "export.html", htmlOfElements(1_000_000));
    const { result, slowestMs } = await chatWhile(app, finished(app, cookie, [id]));

    expect(result[0]).toMatchObject({ status: "ready", truncated: true });
    expect(slowestMs).toBeLessThan(OTHER_OWNER_MAX_MS);
  });

  it("stops reading a file that takes too long, and does not try it again", async () => {
    const app = await appWithAi({ env: { KNOWLEDGE_READ_TIMEOUT_S: "1" } });
    const { cookie } = await owner(app);
    const slow = await upload(app, cookie, "wide-tree.pdf", pdfOfManyPages(READ_LIMITS.pdfPagesRefused - 1));
    const [source] = await finished(app, cookie, [slow.id]);
    expect(source?.failure).toEqual({
      code: "too_slow_to_read",
      message: "This file takes too long to read. Split it into smaller files and add them again.",
    });
    await app.jobsIdle();
    expect(await ingestJobs(app)).toEqual([{ state: "completed", retryCount: 0 }]);
  });

  it("reads a file again once when its reading process dies, then gives up with a reason", async () => {
    const app = await appWithAi({ jobs: { retryDelaySeconds: 0 } });
    const { cookie } = await owner(app);
    // Every attempt then starts a reading process of its own, rather than one an earlier test left waiting.
    for (const pid of readingProcesses()) process.kill(pid, "SIGKILL");
    await until(() => readingProcesses().length === 0);
    const source = await upload(app, cookie, "cursed.pdf", pdfOfManyPages(READ_LIMITS.pdfPagesRefused - 1));
    const killed = new Set<number>();
    for (let attempt = 0; attempt < 2; attempt++) {
      const pid = await readingProcess((candidate) => !killed.has(candidate));
      process.kill(pid, "SIGKILL");
      killed.add(pid);
    }
    const [given] = await finished(app, cookie, [source.id]);
    expect(given?.failure).toEqual({ code: "internal", message: KNOWLEDGE_FAILURE_MESSAGES.internal });
    await app.jobsIdle();
    expect(await ingestJobs(app)).toEqual([{ state: "completed", retryCount: 2 }]);
    expect(readingProcesses().filter((pid) => !killed.has(pid))).toEqual([]);
  });
});

/** The reading processes this process started (Linux's /proc). */
function readingProcesses(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const parent = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
        return (
          parent === String(process.pid) && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("extract-child")
        );
      } catch {
        return false;
      }
    });
}

/** Waits for a reading process that `wanted` accepts. */
async function readingProcess(wanted: (pid: number) => boolean): Promise<number> {
  let found: number | undefined;
  await until(() => {
    found = readingProcesses().find(wanted);
    return found !== undefined;
  });
  return found as number;
}

async function until(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

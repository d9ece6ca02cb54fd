import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DirectorId } from "../../../shared/directors";
import { ERRORS, type ErrorCode } from "../../../shared/errors";
import {
  KNOWLEDGE_FAILURE_MESSAGES,
  KNOWLEDGE_MAX_TEXT_CHARS,
  type KnowledgeListResponse,
  type KnowledgeSourceItem,
  type KnowledgeStatus,
  type SourceText,
} from "../../../shared/knowledge";
import type { PlanId } from "../../../shared/plans";
import { contextPieces, knowledgeOriginals, knowledgeSources } from "../../db/schema";
import { makeDocx, makePdf } from "../../test/document-fixtures";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import { storedPieces } from "../../test/stored-embeddings";
import { createTestApp, type TestApp, type TestAppOptions } from "../../test/test-app";

/** A small website the tests import pages from, on this machine. */
let site: http.Server;
let siteUrl: string;
let pageVersion = 1;
beforeAll(async () => {
  site = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, ...headers });
      res.end(body);
    };
    switch (req.url) {
      case "/menu":
        return send(
          200,
          "text/html; charset=utf-8",
          `<!doctype html><html><head><title>Bright Bean menu</title></head><body>
            <nav><a href="/">Home</a> <a href="/shop">Shop navigation link</a></nav>
            <main><article><h1>Our menu</h1>
              <p>Every espresso drink is made with our house blend, roasted within 48 hours of brewing.</p>
              <h2>Seasonal</h2>
              <p>The pumpkin cortado costs $${pageVersion === 1 ? "4.80" : "5.10"} and is only served from October to December.</p>
              <p>Our baristas pour latte art on every milk drink, and we keep oat, almond and whole milk.</p>
            </article></main>
            <footer>Privacy policy footer text · © Bright Bean</footer></body></html>`,
        );
      case "/moved":
        res.writeHead(302, { location: "/menu" });
        return res.end();
      case "/missing":
        return send(404, "text/html", "<h1>Not found</h1>");
      case "/broken":
        return send(500, "text/html", "<h1>Oops</h1>");
      case "/file.pdf":
        return send(200, "application/pdf", "%PDF-1.4");
      case "/loop-a":
        res.writeHead(301, { location: "/loop-b" });
        return res.end();
      case "/loop-b":
        res.writeHead(301, { location: "/loop-a" });
        return res.end();
      case "/huge":
        return send(200, "text/html", "", { "content-length": String(50 * 1024 * 1024) });
      default:
        return send(404, "text/plain", "no");
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
  pageVersion = 1;
});
afterEach(async () => {
  await fake.close();
});

function appWithAi(options: TestAppOptions = {}) {
  return createTestApp({
    ...options,
    env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", URL_IMPORT_ALLOW_PRIVATE: "true", ...options.env },
  });
}

async function owner(app: TestApp, planId: PlanId | null = "premium") {
  const signedUp = await app.signUp();
  if (planId) await givePlan(app.deps, signedUp.user.id, planId);
  return signedUp;
}

async function upload(
  app: TestApp,
  cookie: string,
  name: string,
  bytes: Buffer | string,
  directorIds?: DirectorId[],
): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  if (directorIds) form.append("directorIds", JSON.stringify(directorIds));
  return app.app.request("/api/knowledge/files", {
    method: "POST",
    body: form,
    headers: { cookie, origin: new URL(app.env.APP_URL).origin },
  });
}

async function added(response: Response): Promise<KnowledgeSourceItem> {
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { source: KnowledgeSourceItem }).source;
}

async function list(app: TestApp, cookie: string): Promise<KnowledgeListResponse> {
  const response = await app.request("/api/knowledge", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as KnowledgeListResponse;
}

/** Polls the owner's list, as the page does, until the source reaches one of these states. */
async function waitFor(app: TestApp, cookie: string, id: string, states: KnowledgeStatus[]) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const source = (await list(app, cookie)).sources.find((item) => item.id === id);
    if (source && states.includes(source.status)) return source;
    if (Date.now() > deadline) throw new Error(`source ${id} stayed ${source?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectError(response: Response, code: ErrorCode, message: string = ERRORS[code].message) {
  expect(await response.json()).toMatchObject({ error: { code, message } });
  expect(response.status).toBe(ERRORS[code].status);
}

async function train(app: TestApp, cookie: string, directorId: DirectorId) {
  expect((await app.request(`/api/training/${directorId}`, { cookie, body: answersFor(directorId) })).status).toBe(200);
}

/** Asks a director a question and returns what the model was sent for it. */
async function promptFor(app: TestApp, cookie: string, directorId: DirectorId, question: string): Promise<string> {
  const response = await app.request(`/api/chat/${directorId}/messages`, { cookie, body: { text: question } });
  expect(response.status).toBe(200);
  await response.text();
  // The answer's request: a conversation title may be asked for separately, after it.
  const turns = fake
    .chatRequests()
    .map(
      (request) => ((request.body.messages ?? []) as Array<{ role: string; content: string }>).at(-1)?.content ?? "",
    );
  return turns.findLast((content) => content.includes(`My question: ${question}`)) ?? "";
}

const PRICE_LIST = [
  ["Bright Bean wholesale price list", "Valid from March 2025."],
  ["Page two: cafe drinks", "The oat milk flat white costs $5.25 in both cafes.", "Cold brew is $4.50."],
  ["Page three: beans", "A 1 kg bag of Ethiopia Guji costs $38 wholesale."],
];

describe("knowledge: a new owner's documents become their directors' knowledge", () => {
  it("reads a PDF, a Word file, a CSV, a web page and a note to ready, and a chat question sends the passage", async () => {
    const app = await appWithAi();
    const { cookie, user } = await owner(app);
    await train(app, cookie, "martha");

    const pdf = await added(await upload(app, cookie, "price-list.pdf", makePdf(PRICE_LIST)));
    expect(pdf).toMatchObject({ kind: "file", format: "pdf", name: "price-list.pdf", directorIds: null });
    expect(["queued", "reading", "indexing", "ready"]).toContain(pdf.status);
    const docx = await added(
      await upload(
        app,
        cookie,
        "staff-handbook.docx",
        await makeDocx([
          { heading: "Opening hours", paragraphs: ["Both cafes open at 7:00 and close at 17:00 on weekdays."] },
          { heading: "Uniforms", paragraphs: ["Baristas wear the green apron with the bean logo."] },
        ]),
      ),
    );
    const csv = await added(
      await upload(
        app,
        cookie,
        "suppliers.csv",
        "supplier,product,terms\nHill Farm,milk,30 days\nGreen Co,cups,14 days\n",
      ),
    );
    const web = await added(await app.request("/api/knowledge/web", { cookie, body: { url: `${siteUrl}/moved` } }));
    expect(web).toMatchObject({ kind: "web", name: `${siteUrl}/moved`, status: "queued" });
    const note = await added(
      await app.request("/api/knowledge/notes", {
        cookie,
        body: { title: "Loyalty card", text: "Ten stamps on the loyalty card earn a free drink of any size." },
      }),
    );

    await app.jobsIdle();
    const sources = (await list(app, cookie)).sources;
    expect(sources.map((source) => source.status)).toEqual(new Array(5).fill("ready"));
    expect(sources.find((source) => source.id === pdf.id)).toMatchObject({ pageCount: 3, failure: null });
    expect(sources.find((source) => source.id === csv.id)).toMatchObject({ rowCount: 2 });
    // A web page keeps the page's title and where it was found after the redirect.
    expect(sources.find((source) => source.id === web.id)).toMatchObject({
      name: "Bright Bean menu",
      url: `${siteUrl}/menu`,
    });
    for (const source of sources) expect(source.piecesDone).toBe(source.piecesTotal);

    const pieces = await app.db.select().from(contextPieces).where(eq(contextPieces.department, "knowledge"));
    expect(pieces.every((piece) => piece.userId === user.id)).toBe(true);
    const embedded = (await storedPieces(app.deps, user.id)).filter((piece) => piece.department === "knowledge");
    expect(embedded).toHaveLength(pieces.length);
    expect(embedded.every((piece) => piece.embedding?.length === 1536)).toBe(true);
    expect(pieces.find((piece) => piece.content.includes("$5.25"))).toMatchObject({
      sourceId: pdf.id,
      location: "page 2",
    });
    expect(pieces.find((piece) => piece.content.includes("17:00"))).toMatchObject({
      sourceId: docx.id,
      location: "section “Opening hours”",
    });
    expect(pieces.find((piece) => piece.content.includes("Hill Farm"))?.content).toContain("terms: 30 days");
    const webText = pieces
      .filter((piece) => piece.sourceId === web.id)
      .map((piece) => piece.content)
      .join(" ");
    expect(webText).toContain("pumpkin cortado costs $4.80");
    expect(webText).not.toContain("Privacy policy footer");
    expect(webText).not.toContain("Shop navigation link");
    expect(pieces.some((piece) => piece.sourceId === note.id)).toBe(true);

    // What was read from the PDF, page by page, and from the Word file, section by section; only a note is edited.
    const pdfText = await app.request(`/api/knowledge/${pdf.id}/text`, { cookie });
    const pages = ((await pdfText.json()) as SourceText).parts;
    expect(pages.map((page) => page.location)).toEqual(["page 1", "page 2", "page 3"]);
    expect(pages[1]?.text).toContain("The oat milk flat white costs $5.25 in both cafes.");
    expect(pages[1]?.text).not.toContain("Ethiopia Guji");
    const docxText = await app.request(`/api/knowledge/${docx.id}/text`, { cookie });
    expect(((await docxText.json()) as SourceText).parts.map((part) => part.location)).toEqual([
      "section “Opening hours”",
      "section “Uniforms”",
    ]);
    await expectError(
      await app.request(`/api/knowledge/${pdf.id}/note`, { method: "PUT", cookie, body: { title: "x", text: "y" } }),
      "bad_request:api",
      "Only a note can be edited.",
    );

    // The passage that answers the question goes to the model, with where it came from.
    const prompt = await promptFor(app, cookie, "martha", "How much is the oat milk flat white?");
    expect(prompt).toMatch(/\n\[\d+\] price-list\.pdf, page 2: /);
    expect(prompt).toContain("The oat milk flat white costs $5.25");
    expect(prompt).not.toContain("Ethiopia Guji");

    // The list shows usage against the plan's limits.
    const { usage } = await list(app, cookie);
    expect(usage.sources).toBe(5);
    expect(usage.limits).toEqual({ sources: 500, bytes: 2048 * 1024 * 1024, fileBytes: 20 * 1024 * 1024 });
  });

  it("keeps a source to the directors it is given to, drops it at once when deleted, and never shows it to another owner", async () => {
    const app = await appWithAi();
    const { cookie } = await owner(app);
    await train(app, cookie, "martha");
    await train(app, cookie, "finn");
    const loan = await added(
      await app.request("/api/knowledge/notes", {
        cookie,
        body: {
          title: "Bank loan",
          text: "Our bank loan is with Harbor Credit Union at 6.1% interest.",
          directorIds: ["finn"],
        },
      }),
    );
    expect(loan.directorIds).toEqual(["finn"]);
    await app.jobsIdle();
    const question = "What interest rate is our bank loan at Harbor Credit Union?";
    expect(await promptFor(app, cookie, "finn", question)).toMatch(
      /\n\[\d+\] Bank loan: Our bank loan is with Harbor Credit Union/,
    );
    expect(await promptFor(app, cookie, "martha", question)).not.toContain("Harbor Credit Union at 6.1%");

    // Renamed and given to every director.
    const patched = await app.request(`/api/knowledge/${loan.id}`, {
      method: "PATCH",
      cookie,
      body: { name: "Loan terms", directorIds: null },
    });
    expect(((await patched.json()) as { source: KnowledgeSourceItem }).source).toMatchObject({
      name: "Loan terms",
      directorIds: null,
    });
    expect(await promptFor(app, cookie, "martha", question)).toMatch(/\n\[\d+\] Loan terms: Our bank loan/);

    // The note edited: read and indexed again, the new words in the next answer and the old ones gone.
    const edited = await app.request(`/api/knowledge/${loan.id}/note`, {
      method: "PUT",
      cookie,
      body: { title: "Loan terms", text: "Our bank loan is with Harbor Credit Union at 5.4% interest since May." },
    });
    expect(((await edited.json()) as { source: KnowledgeSourceItem }).source).toMatchObject({ status: "queued" });
    await app.jobsIdle();
    expect((await waitFor(app, cookie, loan.id, ["ready", "failed"])).status).toBe("ready");
    const afterEdit = await promptFor(app, cookie, "martha", question);
    expect(afterEdit).toContain("Harbor Credit Union at 5.4% interest since May");
    expect(afterEdit).not.toContain("6.1%");
    const notePieces = await app.db.select().from(contextPieces).where(eq(contextPieces.sourceId, loan.id));
    expect(notePieces.map((piece) => piece.content).join(" ")).not.toContain("6.1%");
    const noteText = await app.request(`/api/knowledge/${loan.id}/text`, { cookie });
    expect(await noteText.json()).toEqual({
      parts: [{ location: null, text: "Our bank loan is with Harbor Credit Union at 5.4% interest since May." }],
      truncated: false,
    });

    // Another owner can never list, download, change, retry, delete or retrieve it.
    const other = await owner(app);
    await train(app, other.cookie, "finn");
    expect((await list(app, other.cookie)).sources).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/api/knowledge/${loan.id}/original`, undefined],
      ["PATCH", `/api/knowledge/${loan.id}`, { name: "Mine now" }],
      ["PUT", `/api/knowledge/${loan.id}/note`, { title: "Mine now", text: "Mine now" }],
      ["GET", `/api/knowledge/${loan.id}/text`, undefined],
      ["POST", `/api/knowledge/${loan.id}/retry`, {}],
      ["DELETE", `/api/knowledge/${loan.id}`, {}],
    ] as const) {
      await expectError(await app.request(path, { method, cookie: other.cookie, body }), "not_found:source");
    }
    expect(await promptFor(app, other.cookie, "finn", question)).not.toContain("Harbor Credit Union at 6.1%");

    // The owner downloads the original, always as an attachment.
    const original = await app.request(`/api/knowledge/${loan.id}/original`, { cookie });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-disposition")).toBe(
      `attachment; filename="Loan terms.txt"; filename*=UTF-8''Loan%20terms.txt`,
    );
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await original.text()).toBe("Our bank loan is with Harbor Credit Union at 5.4% interest since May.");

    // Deleted: gone from the very next answer, with its pieces and original.
    expect((await app.request(`/api/knowledge/${loan.id}`, { method: "DELETE", cookie, body: {} })).status).toBe(200);
    expect(await promptFor(app, cookie, "finn", question)).not.toContain("Harbor Credit Union at 6.1%");
    expect(await app.db.select().from(contextPieces).where(eq(contextPieces.sourceId, loan.id))).toHaveLength(0);
    expect(await app.db.select().from(knowledgeOriginals)).toHaveLength(0);
  });
});

describe("knowledge: bad input gets a clear answer and loses nothing else", () => {
  it("refuses what cannot be stored, fails what cannot be read with a reason, and one bad file fails alone", async () => {
    const app = await appWithAi({ env: { KNOWLEDGE_MAX_FILE_MB: "3" } });
    const { cookie } = await owner(app);

    await expectError(await upload(app, cookie, "setup.exe", "MZ binary"), "knowledge:unsupported_type");
    await expectError(await upload(app, cookie, "fake.pdf", "just text, not a PDF"), "knowledge:unsupported_type");
    await expectError(
      await upload(app, cookie, "notes.txt", Buffer.from([0x68, 0x00, 0xff])),
      "knowledge:unsupported_type",
    );
    await expectError(await upload(app, cookie, "empty.txt", ""), "knowledge:empty_file", "“empty.txt” is empty.");
    // Over the file limit (bigger than the 1 MB limit of other requests, which does not apply here).
    await expectError(
      await upload(app, cookie, "big.txt", "a".repeat(3 * 1024 * 1024 + 1)),
      "knowledge:file_too_large",
      "This file is larger than 3 MB, the most one file may be.",
    );
    const underLimit = await added(await upload(app, cookie, "long.txt", `Opening hours ${" ".repeat(2_000_000)}`));
    expect(underLimit.sizeBytes).toBe(2_000_014);
    const noFile = await app.app.request("/api/knowledge/files", {
      method: "POST",
      body: new FormData(),
      headers: { cookie, origin: new URL(app.env.APP_URL).origin },
    });
    await expectError(noFile, "validation:knowledge");

    // A name with folders and markup is shown as the file's own name, harmlessly.
    const named = await added(
      await upload(app, cookie, "..\\..\\reports\\<img src=x onerror=alert(1)>Q1.md", "# Menu\nFlat white $4"),
    );
    expect(named.name).toBe("img src=x onerror=alert(1)Q1.md");

    // A batch of five: each file is sent on its own; the bad ones fail with their reason, the others are ready.
    const batch = await Promise.all([
      upload(app, cookie, "broken.pdf", Buffer.from("%PDF-1.7\n garbage that is no PDF")).then(added),
      upload(app, cookie, "locked.pdf", makePdf([["Secret margins"]], { encrypted: true })).then(added),
      upload(app, cookie, "scan.pdf", makePdf([[], []])).then(added),
      upload(app, cookie, "broken.docx", Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(64, 7)])).then(added),
      upload(app, cookie, "good.csv", "item,price\nmuffin,3.00\n").then(added),
    ]);
    await app.jobsIdle();
    const byName = new Map((await list(app, cookie)).sources.map((source) => [source.name, source]));
    const failureOf = (name: string) => byName.get(name)?.failure?.message;
    expect(failureOf("broken.pdf")).toBe(KNOWLEDGE_FAILURE_MESSAGES.pdf_corrupt);
    expect(failureOf("locked.pdf")).toBe(KNOWLEDGE_FAILURE_MESSAGES.pdf_encrypted);
    expect(failureOf("scan.pdf")).toBe("This PDF has no readable text — it may be a scanned image");
    expect(failureOf("broken.docx")).toBe(KNOWLEDGE_FAILURE_MESSAGES.docx_corrupt);
    expect(byName.get("good.csv")).toMatchObject({ status: "ready", failure: null });
    expect(batch.map((source) => byName.get(source.name)?.status)).toEqual([
      "failed",
      "failed",
      "failed",
      "failed",
      "ready",
    ]);
    expect(byName.get("long.txt")?.status).toBe("ready");

    // Notes and addresses are checked by the shared schemas.
    const badNote = await app.request("/api/knowledge/notes", { cookie, body: { title: " ", text: "" } });
    expect(await badNote.json()).toMatchObject({
      error: {
        code: "validation:knowledge",
        fields: { title: "Give the note a title", text: "Paste or write the note's text" },
      },
    });
    for (const url of ["ftp://example.com/menu", "javascript:alert(1)", "not a url", "crumbandco"]) {
      const refused = await app.request("/api/knowledge/web", { cookie, body: { url } });
      expect(await refused.json()).toMatchObject({
        error: { fields: { url: "Enter a web address, like www.example.com" } },
      });
    }
    // A bare domain is taken, as onboarding takes it: https is assumed.
    const bare = await added(
      await app.request("/api/knowledge/web", { cookie, body: { url: " crumbandco.invalid " } }),
    );
    expect(bare).toMatchObject({ kind: "web", name: "https://crumbandco.invalid", status: "queued" });
  });

  it("fails web pages that cannot be imported with a reason, and refuses private addresses unless allowed", async () => {
    const app = await appWithAi();
    const { cookie } = await owner(app);
    const cases = {
      [`${siteUrl}/missing`]: "url_http_error",
      [`${siteUrl}/broken`]: "url_http_error",
      [`${siteUrl}/file.pdf`]: "url_not_html",
      [`${siteUrl}/loop-a`]: "url_redirect_loop",
      [`${siteUrl}/huge`]: "url_too_large",
      "http://no-such-host.invalid/menu": "url_not_found",
    } as const;
    const ids = new Map<string, string>();
    for (const url of Object.keys(cases)) {
      ids.set(url, (await added(await app.request("/api/knowledge/web", { cookie, body: { url } }))).id);
    }
    await app.jobsIdle();
    const sources = (await list(app, cookie)).sources;
    for (const [url, failure] of Object.entries(cases)) {
      expect(sources.find((source) => source.id === ids.get(url))?.failure?.code, url).toBe(failure);
    }

    // Without URL_IMPORT_ALLOW_PRIVATE a loopback address is refused before anything is fetched.
    const strict = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key" } });
    const other = await owner(strict);
    const refused = await added(
      await strict.request("/api/knowledge/web", { cookie: other.cookie, body: { url: `${siteUrl}/menu` } }),
    );
    await strict.jobsIdle();
    expect((await list(strict, other.cookie)).sources.find((source) => source.id === refused.id)?.failure).toEqual({
      code: "url_private",
      message: KNOWLEDGE_FAILURE_MESSAGES.url_private,
    });
  });

  it("holds the plan's limits, with a readable message, and cuts an absurdly long text", async () => {
    const app = await createTestApp();
    const none = await owner(app, null);
    await expectError(await upload(app, none.cookie, "a.txt", "hello"), "plan:required");
    expect((await list(app, none.cookie)).usage.limits).toMatchObject({ sources: 0, bytes: 0 });

    const free = await owner(app, "free-trial");
    for (let index = 0; index < 10; index++) {
      await added(
        await app.request("/api/knowledge/notes", {
          cookie: free.cookie,
          body: { title: `Note ${index}`, text: "Text" },
        }),
      );
    }
    await expectError(
      await app.request("/api/knowledge/notes", { cookie: free.cookie, body: { title: "Eleventh", text: "Text" } }),
      "knowledge:source_limit",
      "Your plan keeps at most 10 knowledge sources. Delete a source or upgrade your plan to add more.",
    );

    const standard = await owner(app, "standard");
    await app.db.insert(knowledgeSources).values({
      userId: standard.user.id,
      kind: "file",
      format: "txt",
      name: "archive.txt",
      sizeBytes: 250 * 1024 * 1024 - 10,
      status: "ready",
    });
    await expectError(await upload(app, standard.cookie, "more.txt", "more than ten bytes"), "knowledge:storage_limit");
    expect((await list(app, standard.cookie)).usage).toMatchObject({ sources: 1, bytes: 250 * 1024 * 1024 - 10 });

    // An absurdly long spreadsheet is cut, and says so (here without an embedding model: full text only).
    const premium = await owner(app, "premium");
    const rows = Array.from({ length: 60_000 }, (_, index) => `${index},${"x".repeat(30)}`).join("\n");
    const huge = await added(await upload(app, premium.cookie, "huge.csv", `id,text\n${rows}`));
    await app.jobsIdle(60_000);
    const [hugeRow] = await app.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, huge.id));
    expect(hugeRow).toMatchObject({ status: "ready", truncated: true });
    expect(hugeRow?.extractedText?.length).toBeLessThanOrEqual(KNOWLEDGE_MAX_TEXT_CHARS + 10_000);
    expect((await list(app, premium.cookie)).sources[0]).toMatchObject({ truncated: true, rowCount: 60_000 });
  });
});

describe("knowledge: background jobs", () => {
  it("waits while the AI service is down and finishes by itself when it returns; a page can be fetched again", async () => {
    const app = await appWithAi();
    const { cookie } = await owner(app);
    fake.down = true;
    const note = await added(
      await app.request("/api/knowledge/notes", {
        cookie,
        body: { title: "Roast days", text: "We roast on Tuesdays." },
      }),
    );
    const waiting = await waitFor(app, cookie, note.id, ["waiting_ai"]);
    expect(waiting.failure).toBeNull();
    // Full-text search finds its pieces already.
    expect(await app.db.select().from(contextPieces).where(eq(contextPieces.sourceId, note.id))).toHaveLength(1);
    fake.down = false;
    expect(await waitFor(app, cookie, note.id, ["ready", "failed"])).toMatchObject({ status: "ready" });

    const page = await added(await app.request("/api/knowledge/web", { cookie, body: { url: `${siteUrl}/menu` } }));
    await waitFor(app, cookie, page.id, ["ready"]);
    pageVersion = 2;
    const again = await app.request(`/api/knowledge/${page.id}/refetch`, { method: "POST", cookie, body: {} });
    expect(((await again.json()) as { source: KnowledgeSourceItem }).source.status).toBe("queued");
    await app.jobsIdle();
    await waitFor(app, cookie, page.id, ["ready"]);
    const text = (await app.db.select().from(contextPieces).where(eq(contextPieces.sourceId, page.id)))
      .map((piece) => piece.content)
      .join(" ");
    expect(text).toContain("$5.10");
    expect(text).not.toContain("$4.80");
    // Only a finished source can be read again.
    await expectError(
      await app.request(`/api/knowledge/${note.id}/retry`, { method: "POST", cookie, body: {} }),
      "knowledge:busy",
    );
  });

  it("exports every source with its text, and deleting the account removes the originals", async () => {
    const app = await appWithAi();
    const { cookie, user, password } = await owner(app);
    await added(await upload(app, cookie, "menu.md", "# Menu\nFlat white $4.20"));
    await app.jobsIdle();
    const exported = (await (await app.request("/api/account/export", { cookie })).json()) as {
      knowledgeSources: Array<{ name: string; extractedText: string; status: string }>;
    };
    expect(exported.knowledgeSources).toEqual([
      expect.objectContaining({
        name: "menu.md",
        status: "ready",
        extractedText: expect.stringContaining("Flat white $4.20"),
      }),
    ]);
    const deleted = await app.request("/api/account", {
      method: "DELETE",
      cookie,
      body: { email: user.email, password },
    });
    expect(deleted.status).toBe(200);
    const left = await app.db.execute(
      sql`select (select count(*) from knowledge_sources)::int as sources, (select count(*) from knowledge_originals)::int as originals`,
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([{ sources: 0, originals: 0 }]);
  });
});

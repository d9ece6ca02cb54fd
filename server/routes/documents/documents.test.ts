import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DocumentView, DraftEvent } from "../../../shared/documents";
import { directorTrainings, documents, documentVersions, messages, rateLimits, rememberedFacts } from "../../db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(() => fake.close());

function documentsApp(options: { logLines?: string[]; env?: Record<string, string> } = {}) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "test-key",
      CHAT_MODEL: "test-chat",
      EMBEDDING_MODEL: "none",
      ...options.env,
    },
    logLines: options.logLines,
  });
}

/** An owner on `plan` with the fixture profile and Martha and Finn trained. */
async function owner(app: TestApp, plan: "free-trial" | "premium" = "premium") {
  const signedUp = await app.signUp();
  await givePlan(app.deps, signedUp.user.id, plan);
  const trainedAt = app.deps.now();
  await app.db
    .insert(directorTrainings)
    .values([
      { userId: signedUp.user.id, directorId: "martha", answers: answersFor("martha"), trainedAt },
      ...(plan === "premium"
        ? [{ userId: signedUp.user.id, directorId: "finn" as const, answers: answersFor("finn"), trainedAt }]
        : []),
    ]);
  return signedUp;
}

/** Drafts a document and reads the whole stream: its events, the last one the stored document. */
async function draft(app: TestApp, cookie: string, body: Record<string, unknown>) {
  const response = await app.request("/api/documents", { cookie, body });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/x-ndjson");
  const events = (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as DraftEvent);
  const end = events.at(-1);
  if (end?.type !== "end") throw new Error("the drafting did not end");
  return { events, document: end.document };
}

function textOf(view: DocumentView): string {
  return JSON.stringify(view.content);
}

describe("drafting a document", () => {
  it("drafts from the numbered blocks a chat answer gets, streams it section by section, and stores citations and assumptions", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    const { events, document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });

    // The director was sent the owner's context as numbered blocks, in the chat's shape.
    const [request] = fake.objectRequests();
    const prompt = JSON.stringify(request?.body.messages);
    expect(prompt).toContain("Context about my business:");
    expect(prompt).toContain("[1] Business name: Bright Bean Coffee Roasters");
    expect(prompt).toContain("Martha's training");
    expect(request?.body.stream).toBe(true);

    expect(events[0]).toMatchObject({
      type: "created",
      document: { status: "drafting", title: "One-month campaign plan" },
    });
    const partials = events.filter((event) => event.type === "partial");
    expect(partials.length).toBeGreaterThanOrEqual(2);

    expect(document).toMatchObject({ status: "complete", currentVersion: 1, contentKind: "rich" });
    expect(document.versions).toEqual([expect.objectContaining({ number: 1, author: "director", note: "Drafted" })]);
    expect(textOf(document)).toContain("Grow subscriptions from 300 to 800 this year [1].");
    expect(document.content?.assumptions).toEqual([
      { text: "Average order £38", value: "£38", why: "not in your data" },
    ]);
    const cited = document.content?.sources.filter((source) => source.cited).map((source) => source.n);
    expect(cited).toEqual([1, 2]);
    expect(document.content?.sources[0]).toMatchObject({ kind: "profile", excerpt: "Bright Bean Coffee Roasters" });

    // Reading it again gives the same stored document.
    const read = await app.request(`/api/documents/${document.id}`, { cookie });
    expect(((await read.json()) as DocumentView).content).toEqual(document.content);
  });

  it("marks a draft that does not fit the schema twice as incomplete, with the spec's error, and a Retry drafts it", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    fake.queueObject(
      { reply: "Here is your plan!" },
      { reply: JSON.stringify({ title: "No sections", sections: [], sheet: null, assumptions: [] }) },
    );
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    expect(fake.objectRequests()).toHaveLength(2);
    expect(document).toMatchObject({
      status: "incomplete",
      errorCode: "documents:draft_incomplete",
      currentVersion: 0,
    });
    expect(document.content).toBeNull();

    const retry = await app.request(`/api/documents/${document.id}/retry`, { cookie, body: {} });
    const end = JSON.parse((await retry.text()).trim().split("\n").at(-1) ?? "{}") as DraftEvent;
    expect(end).toMatchObject({ type: "end", document: { status: "complete", currentVersion: 1 } });
  });

  it("turns an answer into a document the owner describes, and refuses what the plan or the director does not allow", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app, "free-trial");
    const asked = await app.request("/api/chat/martha/messages", {
      cookie,
      body: { text: "How do I grow subscriptions?" },
    });
    await asked.text();
    const [answer] = await app.db.select({ id: messages.id }).from(messages).where(eq(messages.sender, "ai"));
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "custom", fromMessageId: answer?.id });
    expect(document.status).toBe("complete");
    expect(document.title).toBe("Spring subscription campaign");
    expect(JSON.stringify(fake.objectRequests()[0]?.body.messages)).toContain("Make it from your earlier answer");

    const wrongKind = await app.request("/api/documents", {
      cookie,
      body: { directorId: "martha", kind: "cash-flow-forecast" },
    });
    expect(wrongKind.status).toBe(400);
    const noDescription = await app.request("/api/documents", {
      cookie,
      body: { directorId: "martha", kind: "custom" },
    });
    expect(
      ((await noDescription.json()) as { error: { fields: Record<string, string> } }).error.fields.description,
    ).toBe("Please describe the document you want.");
    const untrained = await app.request("/api/documents", {
      cookie,
      body: { directorId: "finn", kind: "monthly-budget" },
    });
    expect(untrained.status).toBe(403);
  });
  it("drafts a board document as the board, from the first trained director's context", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "board", kind: "decision-memo" });
    expect(document).toMatchObject({ status: "complete", directorId: "board", title: "Decision memo" });
    const [request] = fake.objectRequests();
    const messages = request?.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]?.content).toContain("You are the owner's board of directors");
    expect(messages[1]?.content).toContain("Martha's training");
  });

  it("shows a drafting whose writer went silent (a crash, a restart) as incomplete, and a Retry drafts it", async () => {
    const app = await documentsApp();
    const { cookie, user } = await owner(app);
    const silentSince = new Date(app.deps.now().getTime() - 2 * 60_000);
    const [row] = await app.db
      .insert(documents)
      .values({
        userId: user.id,
        directorId: "martha",
        kind: "campaign-plan",
        title: "One-month campaign plan",
        contentKind: "rich",
        status: "drafting",
        request: { brief: "A one-month campaign plan." },
        updatedAt: silentSince,
      })
      .returning();
    const read = (await (await app.request(`/api/documents/${row?.id}`, { cookie })).json()) as DocumentView;
    expect(read).toMatchObject({ status: "incomplete", errorCode: "documents:draft_incomplete", content: null });

    const retry = await app.request(`/api/documents/${row?.id}/retry`, { cookie, body: {} });
    const end = JSON.parse((await retry.text()).trim().split("\n").at(-1) ?? "{}") as DraftEvent;
    expect(end).toMatchObject({ type: "end", document: { status: "complete", currentVersion: 1 } });
  });
});

describe("editing a document", () => {
  it("saves each change as a version, refuses a stale one with 409, restores and changes a selection", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    if (document.content?.kind !== "rich") throw new Error("not rich");
    const edited = structuredClone(document.content.doc);
    edited.content?.push({ type: "paragraph", content: [{ type: "text", text: "Owner's own note." }] });

    const saved = await app.request(`/api/documents/${document.id}/content`, {
      method: "PUT",
      cookie,
      body: { baseVersion: 1, body: { kind: "rich", doc: edited } },
    });
    expect(saved.status).toBe(200);
    const afterSave = (await saved.json()) as DocumentView;
    expect(afterSave.currentVersion).toBe(2);
    expect(textOf(afterSave)).toContain("Owner's own note.");
    expect(afterSave.content?.assumptions).toHaveLength(1);

    // A second tab still on version 1 is refused, and nothing it sent is stored.
    const stale = await app.request(`/api/documents/${document.id}/content`, {
      method: "PUT",
      cookie,
      body: { baseVersion: 1, body: { kind: "rich", doc: { type: "doc", content: [] } } },
    });
    expect(stale.status).toBe(409);
    // The stale tab learns of version 2 from the document's head, without reading the whole document.
    const head = await app.request(`/api/documents/${document.id}/head`, { cookie });
    expect(await head.json()).toMatchObject({ currentVersion: 2 });
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("conflict:document_version");

    const restored = await app.request(`/api/documents/${document.id}/restore`, {
      cookie,
      body: { baseVersion: 2, number: 1 },
    });
    const afterRestore = (await restored.json()) as DocumentView;
    expect(afterRestore.currentVersion).toBe(3);
    expect(afterRestore.content).toEqual(document.content);
    expect(afterRestore.versions[0]).toMatchObject({ number: 3, note: "Restored version 1", author: "owner" });

    const change = await app.request(`/api/documents/${document.id}/change`, {
      cookie,
      body: { baseVersion: 3, selection: "We spend about $800 a month on marketing [2].", instruction: "shorter" },
    });
    expect(change.status).toBe(200);
    const afterChange = (await change.json()) as DocumentView;
    expect(afterChange).toMatchObject({ currentVersion: 4 });
    expect(afterChange.versions[0]).toMatchObject({ author: "director", note: "Changed: shorter" });
    expect(textOf(afterChange)).toContain("We spend about $800");
    expect(textOf(afterChange)).not.toContain("on marketing [2].");
    // The change is asked with the blocks the document was drafted with, numbered as before.
    const changePrompt = JSON.stringify(fake.objectRequests().at(-1)?.body.messages);
    expect(changePrompt).toContain("[1] Business name: Bright Bean Coffee Roasters");

    const version2 = await app.request(`/api/documents/${document.id}/versions/2`, { cookie });
    expect(JSON.stringify(await version2.json())).toContain("Owner's own note.");
  });

  it("adds a row to a spreadsheet when asked, and exports it to .xlsx with formulas and number formats, and to CSV", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "finn", kind: "cash-flow-forecast" });
    expect(document).toMatchObject({ status: "complete", contentKind: "sheet" });
    const change = await app.request(`/api/documents/${document.id}/change`, {
      cookie,
      body: { baseVersion: 1, selection: "A5:N5", instruction: "add a row for VAT" },
    });
    expect(change.status).toBe(200);

    const xlsx = await app.request(`/api/documents/${document.id}/export?format=xlsx`, { cookie });
    expect(xlsx.headers.get("content-disposition")).toContain("13-week-cash-flow-forecast.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell("A1").value).toBe("Line");
    expect(sheet?.getCell("B2").value).toBe(5000);
    expect(sheet?.getCell("B5").value).toMatchObject({ formula: "B2+B3-B4" });
    expect(sheet?.getCell("C2").value).toMatchObject({ formula: "B5" });
    expect(sheet?.getCell("A6").value).toBe("VAT");
    expect(sheet?.getColumn(2).numFmt).toContain("£");
    expect(workbook.getWorksheet("Assumptions")?.getCell("A2").value).toBe("Weekly cash out £1,900");

    const csv = await (await app.request(`/api/documents/${document.id}/export?format=csv`, { cookie })).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Line,Week 1,Week 2/);
    // The closing balance computed: 5000 + 2400 − 1900, then carried forward.
    expect(lines[4]).toMatch(/^Closing balance,5500,6000,6500/);

    const docx = await app.request(`/api/documents/${document.id}/export?format=docx`, { cookie });
    expect(docx.status).toBe(400);
  });

  it("exports a rich document to .docx, PDF and Markdown", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    const docx = await app.request(`/api/documents/${document.id}/export?format=docx`, { cookie });
    expect(docx.status).toBe(200);
    const zip = await JSZip.loadAsync(await docx.arrayBuffer());
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>.*One-month campaign plan|Spring subscription campaign/);
    expect(xml).toContain('<w:pStyle w:val="Heading2"/>');
    expect(xml).toContain("Weekly actions");
    expect(xml).toContain("Instagram ads");
    expect(xml).toContain("Average order £38 — not in your data");

    const pdf = await app.request(`/api/documents/${document.id}/export?format=pdf`, { cookie });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const markdown = await (await app.request(`/api/documents/${document.id}/export?format=md`, { cookie })).text();
    expect(markdown).toContain("## Weekly actions");
    expect(markdown).toContain("| Channel | Budget |");
    expect(markdown).toContain("## Assumptions");
  });
});

describe("the library, limits and sharing", () => {
  it("lists, searches, renames and deletes; shares read-only until revoked; keeps an assumption's real value as a fact", async () => {
    const app = await documentsApp();
    const { cookie } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    const { document: forecast } = await draft(app, cookie, { directorId: "finn", kind: "cash-flow-forecast" });

    const renamed = await app.request(`/api/documents/${document.id}`, {
      method: "PATCH",
      cookie,
      body: { title: "Spring push" },
    });
    expect(((await renamed.json()) as DocumentView).title).toBe("Spring push");
    const found = (await (await app.request("/api/documents?q=spring", { cookie })).json()) as {
      documents: Array<{ id: string }>;
    };
    expect(found.documents.map((item) => item.id)).toEqual([document.id]);
    // By what the current version says, not only by title: a paragraph, a sheet's cell, an assumption.
    const search = async (query: string) =>
      (
        (await (await app.request(`/api/documents?q=${encodeURIComponent(query)}`, { cookie })).json()) as {
          documents: Array<{ id: string }>;
        }
      ).documents.map((item) => item.id);
    expect(await search("tasting box on instagram")).toEqual([document.id]);
    expect(await search("closing BALANCE")).toEqual([forecast.id]);
    expect(await search("average order £38")).toEqual([document.id]);
    expect(await search("Bright Bean")).toEqual([]); // the cited excerpts are not the document's text
    expect(await search("100%")).toEqual([]);

    const share = (await (await app.request(`/api/documents/${document.id}/share`, { cookie, body: {} })).json()) as {
      token: string;
    };
    const shared = await app.request(`/api/shared-documents/${share.token}`);
    const sharedBody = await shared.text();
    expect(sharedBody).toContain("Grow subscriptions from 300 to 800 this year.");
    expect(sharedBody).not.toContain("[1]");
    await app.request(`/api/documents/${document.id}/share`, { method: "DELETE", cookie, body: {} });
    expect((await app.request(`/api/shared-documents/${share.token}`)).status).toBe(404);

    const told = await app.request(`/api/documents/${document.id}/assumptions/0`, { cookie, body: { value: "£42" } });
    expect(told.status).toBe(200);
    const facts = await app.db.select().from(rememberedFacts);
    expect(facts).toEqual([
      expect.objectContaining({ statement: "Average order: £42", status: "kept", directorId: "martha" }),
    ]);

    expect((await app.request(`/api/documents/${document.id}`, { method: "DELETE", cookie, body: {} })).status).toBe(
      200,
    );
    expect((await app.request(`/api/documents/${document.id}`, { cookie })).status).toBe(404);
  });

  it("enforces the plan's number of documents and size of a version with clear messages", async () => {
    const app = await documentsApp();
    const { cookie, user } = await owner(app, "free-trial");
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    if (document.content?.kind !== "rich") throw new Error("not rich");

    const long = "A long paragraph. ".repeat(20_000);
    const tooLarge = await app.request(`/api/documents/${document.id}/content`, {
      method: "PUT",
      cookie,
      body: {
        baseVersion: 1,
        body: {
          kind: "rich",
          doc: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: long }] }] },
        },
      },
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { message: string } }).error.message).toBe(
      "This document is larger than your plan allows. Shorten it or split it into two documents.",
    );

    await app.db.insert(documents).values(
      Array.from({ length: 9 }, (_, index) => ({
        userId: user.id,
        directorId: "martha",
        kind: "campaign-plan",
        title: `Plan ${index}`,
        contentKind: "rich" as const,
        status: "complete" as const,
      })),
    );
    // A document nested deeper than any editor makes is refused with a message, not a crash.
    const levels = 5000;
    const deep = `${'{"type":"paragraph","content":['.repeat(levels)}{"type":"text","text":"x"}${"]}".repeat(levels)}`;
    const tooDeep = await app.request(`/api/documents/${document.id}/content`, {
      method: "PUT",
      cookie,
      body: `{"baseVersion":1,"body":{"kind":"rich","doc":${deep}}}`,
    });
    expect(tooDeep.status).toBe(400);
    expect(JSON.stringify(await tooDeep.json())).toContain("This document is nested too deeply.");

    // Asking the director for drafts and changes is limited per hour, apart from the number kept.
    const hour = 60 * 60 * 1000;
    const windowStart = new Date(Math.floor(app.deps.now().getTime() / hour) * hour);
    await app.db
      .insert(rateLimits)
      .values({ key: `documents:user:${user.id}`, windowStart, count: 30 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart, count: 30 } });
    const busy = await app.request(`/api/documents/${document.id}/change`, {
      cookie,
      body: { baseVersion: 1, selection: "", instruction: "shorter" },
    });
    expect(busy.status).toBe(429);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe("rate_limit:documents");

    const full = await app.request("/api/documents", { cookie, body: { directorId: "martha", kind: "campaign-plan" } });
    expect(full.status).toBe(403);
    expect(((await full.json()) as { error: { message: string } }).error.message).toBe(
      "Your plan's documents are full. Delete a document or upgrade your plan to draft more.",
    );
  });

  it("gives another owner 404 on every document route, and logs no document content", async () => {
    const logLines: string[] = [];
    const app = await documentsApp({ logLines, env: { LOG_LEVEL: "info" } });
    const { cookie } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    const other = await owner(app);
    const id = document.id;
    const attempts: Array<[string, { method?: string; body?: unknown }]> = [
      [`/api/documents/${id}`, {}],
      [`/api/documents/${id}/head`, {}],
      [`/api/documents/${id}`, { method: "PATCH", body: { title: "Mine now" } }],
      [`/api/documents/${id}`, { method: "DELETE", body: {} }],
      [
        `/api/documents/${id}/content`,
        { method: "PUT", body: { baseVersion: 1, body: { kind: "rich", doc: { type: "doc" } } } },
      ],
      [`/api/documents/${id}/change`, { body: { baseVersion: 1, selection: "", instruction: "shorter" } }],
      [`/api/documents/${id}/restore`, { body: { baseVersion: 1, number: 1 } }],
      [`/api/documents/${id}/retry`, { body: {} }],
      [`/api/documents/${id}/versions/1`, {}],
      [`/api/documents/${id}/assumptions/0`, { body: { value: "£1" } }],
      [`/api/documents/${id}/export?format=docx`, {}],
      [`/api/documents/${id}/share`, { body: {} }],
      [`/api/documents/${id}/share`, { method: "DELETE", body: {} }],
    ];
    for (const [path, init] of attempts) {
      const response = await app.request(path, { ...init, cookie: other.cookie });
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(404);
    }
    const list = (await (await app.request("/api/documents", { cookie: other.cookie })).json()) as {
      documents: unknown[];
    };
    expect(list.documents).toEqual([]);
    const searched = (await (
      await app.request("/api/documents?q=grow%20subscriptions", { cookie: other.cookie })
    ).json()) as {
      documents: unknown[];
    };
    expect(searched.documents).toEqual([]);
    expect((await app.request(`/api/documents/${id}`, { cookie })).status).toBe(200);

    const logs = logLines.join("\n");
    expect(logs).toContain("document drafted");
    expect(logs).not.toContain("Grow subscriptions");
    expect(logs).not.toContain("Bright Bean");
  });
});

describe("the owner's account", () => {
  it("exports every document with its versions, and deleting the account removes them", async () => {
    const app = await documentsApp();
    const { cookie, user } = await owner(app);
    const { document } = await draft(app, cookie, { directorId: "martha", kind: "campaign-plan" });
    await app.request(`/api/documents/${document.id}/restore`, { cookie, body: { baseVersion: 1, number: 1 } });
    const exported = (await (await app.request("/api/account/export", { cookie })).json()) as {
      documents: Array<{ title: string; versions: Array<{ number: number; content: unknown }> }>;
    };
    expect(exported.documents).toHaveLength(1);
    expect(exported.documents[0]?.versions.map((version) => version.number)).toEqual([1, 2]);
    expect(JSON.stringify(exported.documents[0]?.versions[0]?.content)).toContain("Grow subscriptions");

    const deleted = await app.request("/api/account", { method: "DELETE", cookie, body: { email: user.email } });
    expect(deleted.status).toBe(200);
    expect(await app.db.select().from(documents)).toEqual([]);
    expect(await app.db.select().from(documentVersions)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { KnowledgeListResponse, KnowledgeSourceItem } from "../../../shared/knowledge";
import { givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/** Files and names made to fool someone: an HTML page that would run on our origin, a name that fakes its type. */

async function owner(app: TestApp) {
  const signedUp = await app.signUp();
  await givePlan(app.deps, signedUp.user.id, "premium");
  return signedUp;
}

async function upload(app: TestApp, cookie: string, name: string, content: string): Promise<KnowledgeSourceItem> {
  const form = new FormData();
  form.append("file", new Blob([content]), name);
  const response = await app.app.request("/api/knowledge/files", {
    method: "POST",
    body: form,
    headers: { cookie, origin: new URL(app.env.APP_URL).origin },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { source: KnowledgeSourceItem }).source;
}

async function names(app: TestApp, cookie: string): Promise<string[]> {
  const list = (await (await app.request("/api/knowledge", { cookie })).json()) as KnowledgeListResponse;
  return list.sources.map((source) => source.name).sort();
}

describe("hostile uploads", () => {
  it("serve an original as an inert download: never a type a browser renders, no sniffing, sandboxed", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    const page = await upload(app, cookie, "offer.html", "<html><script>fetch('/api/account')</script></html>");
    const pdf = await upload(app, cookie, "terms.pdf", "%PDF-1.7\n<script>alert(1)</script>");

    for (const [source, type] of [
      [page, "text/plain; charset=utf-8"],
      [pdf, "application/octet-stream"],
    ] as const) {
      const original = await app.request(`/api/knowledge/${source.id}/original`, { cookie });
      expect(original.status).toBe(200);
      expect(original.headers.get("content-type")).toBe(type);
      expect(original.headers.get("x-content-type-options")).toBe("nosniff");
      expect(original.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(original.headers.get("content-disposition")).toMatch(/^attachment; /);
    }
  });

  it("keep no bidirectional controls in a name, so none can fake a file's type", async () => {
    const app = await createTestApp();
    const { cookie } = await owner(app);
    // Shown as "invoiceexe.txt" with the override kept: an owner would take it for a harmless text file.
    const file = await upload(app, cookie, "invoice\u202Etxt.exe.txt", "Invoice 2024-117: $1,200.");
    expect(file.name).toBe("invoicetxt.exe.txt");
    const original = await app.request(`/api/knowledge/${file.id}/original`, { cookie });
    expect(original.headers.get("content-disposition")).toBe(
      `attachment; filename="invoicetxt.exe.txt"; filename*=UTF-8''invoicetxt.exe.txt`,
    );

    const note = await app.request("/api/knowledge/notes", {
      cookie,
      body: { title: "Prices \u2067fdp.\u2069\u200F", text: "A latte costs $4.80." },
    });
    expect(note.status).toBe(201);
    const renamed = await app.request(`/api/knowledge/${file.id}`, {
      method: "PATCH",
      cookie,
      body: { name: "\u202Bpayroll\u202C\u061C.csv\u200E" },
    });
    expect(renamed.status).toBe(200);
    expect(await names(app, cookie)).toEqual(["Prices fdp.", "payroll.csv"]);
  });
});

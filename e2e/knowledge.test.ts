import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { makeDocx } from "../server/test/document-fixtures";
import { startFakeAiServer } from "../server/test/fake-ai-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { signUpTrainedOwner } from "./support/trained-owner";

/** Embeddings and answers come from the local OpenAI-protocol test server, over real HTTP. */
const fake = await startFakeAiServer();
/** The owner's website, served on this machine (so private addresses are allowed for this server). */
const site = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><title>About Bright Bean</title></head><body>
    <nav>Home · Shop · Contact</nav>
    <main><article><h1>About us</h1>
      <p>Bright Bean was founded in 2014 by two baristas who wanted coffee roasted to order within 48 hours.</p>
      <p>Our roastery in Leeds supplies both cafes and ships subscription boxes across the country every Tuesday.</p>
    </article></main><footer>© Bright Bean</footer></body></html>`);
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const browser = setupBrowser({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", URL_IMPORT_ALLOW_PRIVATE: "true" },
});

/** A price list printed to PDF by Chromium itself. */
async function pricePdf(page: Page): Promise<Buffer> {
  const printer = await page.context().newPage();
  await printer.setContent(`<h1>Bright Bean price list</h1><p>Valid from March 2025.</p>
    <h2 style="break-before: page">Cafe drinks</h2><p>The oat milk flat white costs $5.25 in both cafes.</p>`);
  const pdf = await printer.pdf({ format: "A4" });
  await printer.close();
  return pdf;
}

const sourceRow = (page: Page, name: string) => page.getByRole("listitem", { name });

describe("knowledge", () => {
  it("adds files, a web page and a note that reach Ready live, and the chat answers from them", async () => {
    const page = await browser.newPage(DESKTOP);
    await signUpTrainedOwner(page, browser, { name: "Knowledge Owner", director: "martha" });
    await page.goto("/select-department");
    await page.getByRole("link", { name: "Learn More" }).click();
    await page.waitForURL("**/knowledge");
    await page.getByRole("heading", { name: "Knowledge", level: 1 }).waitFor();
    await page.getByText("0 of 500", { exact: true }).waitFor();

    // Several files at once through the picker: a PDF and a Word file are read; a program is refused alone.
    const docx = await makeDocx([{ heading: "Opening hours", paragraphs: ["Both cafes open at 7:00 on weekdays."] }]);
    await page.getByLabel("Files to add").setInputFiles([
      { name: "price-list.pdf", mimeType: "application/pdf", buffer: await pricePdf(page) },
      { name: "handbook.docx", mimeType: "application/octet-stream", buffer: docx },
      { name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);
    await page
      .getByText("This type of file cannot be added. Add a PDF, Word (DOCX), text, Markdown, CSV or HTML file.")
      .waitFor();

    // A CSV dropped on the drop zone.
    await page.getByRole("region", { name: "Drop files here" }).evaluate((zone) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["supplier,terms\nHill Farm,30 days\n"], "suppliers.csv", { type: "text/csv" }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });

    await page.getByRole("tab", { name: "Web page" }).click();
    await page.getByLabel("Web page address").fill("ftp://example.com");
    await page.getByRole("button", { name: "Add page" }).click();
    await page.getByText("Enter a web address, like www.example.com").waitFor();
    await page.getByLabel("Web page address").fill(`${siteUrl}/about`);
    await page.getByRole("button", { name: "Add page" }).click();

    await page.getByRole("tab", { name: "Note" }).click();
    await page.getByLabel("Title", { exact: true }).fill("Loyalty card");
    await page
      .getByLabel("Text", { exact: true })
      .fill("Ten stamps on the loyalty card earn a free drink of any size.");
    // Only Finn may use this one.
    await page.getByLabel("All directors").uncheck();
    await page.getByLabel("Finn", { exact: true }).check();
    await page.getByRole("button", { name: "Add note" }).click();

    // Every source reaches Ready on screen without a reload.
    for (const name of ["price-list.pdf", "handbook.docx", "suppliers.csv", "About Bright Bean", "Loyalty card"]) {
      await sourceRow(page, name).getByText("Ready", { exact: true }).waitFor({ timeout: 60_000 });
    }
    await sourceRow(page, "price-list.pdf").getByText("2 pages", { exact: false }).waitFor();
    await sourceRow(page, "suppliers.csv").getByText("1 row", { exact: false }).waitFor();
    await sourceRow(page, "Loyalty card").getByText("Used by: Finn").waitFor();
    await page.getByText("5 of 500", { exact: true }).waitFor();
    await screenshot(page, "knowledge-desktop");

    // What was read from the PDF, page by page.
    await sourceRow(page, "price-list.pdf").getByRole("button", { name: "Text read from price-list.pdf" }).click();
    const reader = page.getByRole("dialog", { name: "price-list.pdf" });
    await reader.getByRole("heading", { name: "Page 1 of 2" }).waitFor();
    await reader.getByText("Valid from March 2025.", { exact: false }).waitFor();
    await reader.getByRole("button", { name: "Next" }).click();
    await reader.getByRole("heading", { name: "Page 2 of 2" }).waitFor();
    await reader.getByText("The oat milk flat white costs $5.25 in both cafes.", { exact: false }).waitFor();
    expect(await reader.getByText("Valid from March 2025.", { exact: false }).count()).toBe(0);
    await screenshot(page, "knowledge-text-read-desktop");
    await reader.getByRole("button", { name: "Close" }).click();

    // A note is edited in place and read again.
    await sourceRow(page, "Loyalty card").getByRole("button", { name: "Edit" }).click();
    const editor = page.getByRole("dialog", { name: "Edit note" });
    const noteText = editor.getByLabel("Text", { exact: true });
    await expect
      .poll(() => noteText.inputValue())
      .toBe("Ten stamps on the loyalty card earn a free drink of any size.");
    await noteText.fill("Eight stamps on the loyalty card earn a free drink of any size.");
    await editor.getByRole("button", { name: "Save note" }).click();
    await page.getByText("Note saved", { exact: true }).waitFor();
    await sourceRow(page, "Loyalty card").getByText("Ready", { exact: true }).waitFor({ timeout: 60_000 });
    await sourceRow(page, "Loyalty card").getByRole("button", { name: "Edit" }).click();
    await expect
      .poll(() => noteText.inputValue())
      .toBe("Eight stamps on the loyalty card earn a free drink of any size.");
    await editor.getByRole("button", { name: "Cancel" }).click();

    // Rename, then delete with a confirmation.
    await sourceRow(page, "suppliers.csv").getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("New name").fill("Supplier terms");
    await page.getByRole("button", { name: "Save" }).click();
    await sourceRow(page, "Supplier terms").waitFor();
    await sourceRow(page, "Supplier terms").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await sourceRow(page, "Supplier terms").waitFor({ state: "detached" });

    // The chat's question sends the PDF's passage, with where it came from.
    await page.goto("/chat?director=martha");
    await page.getByText("I have access to your onboarding and training information", { exact: false }).waitFor();
    const message = page.getByPlaceholder("Ask Martha anything...");
    await message.fill("How much is the oat milk flat white?");
    await message.press("Enter");
    await page
      .getByRole("list", { name: "Conversation with Martha" })
      .getByText("Here is my advice on", { exact: false })
      .waitFor();
    // The answer's request (a conversation title is asked for separately, after it).
    const prompt = JSON.stringify(
      fake
        .chatRequests()
        .map((request) => request.body.messages)
        .findLast((messages) => JSON.stringify(messages).includes("My question: How much is the oat milk flat white?")),
    );
    expect(prompt).toMatch(/\\n\[\d+\] price-list\.pdf, page 2: /);
    expect(prompt).toContain("oat milk flat white costs $5.25");
    expect(prompt).not.toContain("Ten stamps on the loyalty card");

    const phone = await browser.newPage(PHONE);
    await phone.context().addCookies(await page.context().cookies());
    // The list cannot be read once: the page says so with the server's reason, and "Try again" reads it.
    browser.expectConsoleError(/status of 500/);
    await phone.route("**/api/knowledge", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "server:internal", message: "The list is away." } } }),
    );
    await phone.goto("/knowledge");
    await phone.getByText("We could not load your knowledge.").waitFor();
    await phone.getByText("The list is away.").waitFor();
    await phone.unroute("**/api/knowledge");
    await phone.getByRole("button", { name: "Try again" }).click();
    await sourceRow(phone, "price-list.pdf").getByText("Ready", { exact: true }).waitFor();
    await screenshot(phone, "knowledge-phone");
  });
});

import fs from "node:fs";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { DocumentView } from "#shared/documents";
import { TRAINING_QUESTIONS } from "#shared/training";
import { directorTrainings } from "../server/db/schema";
import { createGate, startFakeAiServer } from "../server/test/fake-ai-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";
import { askInPage, chatOwnerPage, openChat } from "./support/chat-owner";

/** Answers and drafts come from the local OpenAI-protocol test server, over real HTTP. */
const fake = await startFakeAiServer();
afterAll(() => fake.close());

const browser = setupBrowser({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", EMBEDDING_MODEL: "none" } });

const editor = (page: Page) => page.getByRole("textbox", { name: "Document text" });

async function downloaded(page: Page, linkName: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(path) };
}

describe("documents", () => {
  it("turns an answer into a document, edits it, asks for a change, restores a version and exports Word and Excel", async () => {
    const page = await chatOwnerPage(browser, DESKTOP);
    const answers = Object.fromEntries(TRAINING_QUESTIONS.finn.map((q) => [q.name, `Our answer about ${q.name}`]));
    await browser.server.deps.db
      .insert(directorTrainings)
      .values({ userId: page.userId, directorId: "finn", answers, trainedAt: new Date() });

    await openChat(page);
    await askInPage(page, "How do I grow subscriptions?");
    // The draft streams in section by section: held mid-way, the whole sections written so far are on screen.
    const midway = createGate();
    let held = false;
    fake.route = (request) => {
      const format = request.body.response_format as { json_schema?: { name?: string } } | undefined;
      if (held || format?.json_schema?.name !== "document_draft") return undefined;
      held = true;
      return { holds: [{ beforeChunk: 30, gate: midway }] };
    };
    // On a wide screen the document drafts in a pane beside the conversation.
    await page.getByRole("button", { name: "Make this a document" }).click();
    const pane = page.getByRole("complementary", { name: "Document" });
    await pane.getByText("Martha is drafting…").waitFor();
    await pane.getByRole("heading", { name: "Weekly actions" }).waitFor();
    await screenshot(page, "documents-drafting-pane-desktop");
    midway.open();
    await pane.getByRole("textbox", { name: "Document text" }).waitFor();
    await page.waitForURL(/[?&]document=[0-9a-f-]{36}/);
    await pane.getByRole("link", { name: "Open full page" }).click();
    await page.waitForURL(/\/documents\/[0-9a-f-]{36}$/);
    await editor(page).getByText("Grow subscriptions from 300 to 800 this year [1].").waitFor();
    await page.getByRole("heading", { name: "Assumptions" }).waitFor();
    await page.getByText("Average order £38").waitFor();
    await screenshot(page, "documents-editor-desktop");

    // A citation's number opens the excerpt it stands on, as in chat.
    const documentId = page.url().split("/").at(-1) ?? "";
    const drafted = (await (await page.request.get(`/api/documents/${documentId}`)).json()) as DocumentView;
    const firstSource = drafted.content?.sources.find((source) => source.n === 1);
    await editor(page).locator('[data-cite="1"]').click();
    const excerpt = page.getByRole("dialog");
    await excerpt.getByText("Source 1").waitFor();
    expect(await excerpt.textContent()).toContain(firstSource?.excerpt.slice(0, 40));
    await screenshot(page, "documents-citation-desktop");
    await excerpt.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Saved" }).waitFor(); // opening a source edits nothing

    // The owner edits a paragraph and saves it as version 2.
    await editor(page)
      .getByText("Grow subscriptions from 300 to 800 this year [1].")
      .click({ position: { x: 4, y: 4 } });
    await page.keyboard.press("End");
    await page.keyboard.type(" Starting in March.");
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save version" }).click();
    await page.getByText("Version 2", { exact: true }).waitFor();

    // Selects a passage and asks Martha to make it shorter: version 3.
    await editor(page)
      .getByText("We spend about $800 a month on marketing [2].")
      .click({ clickCount: 3, position: { x: 4, y: 4 } }); // the words, not the citation
    await page.getByText(/^Selected:/).waitFor();
    await page.getByRole("textbox", { name: "What should Martha change?" }).fill("shorter");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    await page.getByText("Version 3", { exact: true }).waitFor();
    expect(await editor(page).textContent()).not.toContain("on marketing [2].");
    expect(await editor(page).textContent()).toContain("Starting in March.");

    // Version 1 restored as version 4: the edit is gone, the draft is back.
    await page.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByText("Version 4", { exact: true }).waitFor();
    expect(await editor(page).textContent()).not.toContain("Starting in March.");

    // Another tab on the same document saves version 5: this tab says so at once, and replaces nothing on its own.
    const otherTab = await page.context().newPage();
    await otherTab.goto(page.url());
    await editor(otherTab).getByText("Weekly actions").click();
    await otherTab.keyboard.press("End");
    await otherTab.keyboard.type(" from the other tab");
    await otherTab.getByRole("button", { name: "Save version" }).click();
    await otherTab.getByText("Version 5", { exact: true }).waitFor();
    await page.getByRole("alert").getByText("Version 5 was saved in another tab or window.").waitFor();
    expect(await editor(page).textContent()).not.toContain("from the other tab");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "documents-other-tab-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "documents-other-tab-phone");
    await page.setViewportSize(DESKTOP);
    await otherTab.close();
    // The owner types on regardless: their text stays, and they compare it with the latest before saving it.
    await editor(page)
      .getByText("Grow subscriptions from 300 to 800 this year [1].")
      .click({ position: { x: 4, y: 4 } });
    await page.keyboard.press("End");
    await page.keyboard.type(" Typed in this tab.");
    await page
      .getByRole("alert")
      .getByText(/changed in another tab or window/)
      .waitFor();
    await page.getByRole("button", { name: "Compare with the latest" }).click();
    const changes = page.getByRole("list", { name: "Changes from the latest version to this screen" });
    expect(await changes.textContent()).toContain("− ## Weekly actions from the other tab");
    expect(await editor(page).textContent()).toContain("Typed in this tab.");
    await page.getByRole("button", { name: "Save mine as a new version" }).click();
    await page.getByText("Version 6", { exact: true }).waitFor();
    expect(await editor(page).textContent()).toContain("Typed in this tab.");

    const word = await downloaded(page, "Word (.docx)");
    expect(word.name).toMatch(/\.docx$/);
    const xml = (await (await JSZip.loadAsync(word.bytes)).file("word/document.xml")?.async("string")) ?? "";
    expect(xml).toContain("Weekly actions");

    // A spreadsheet from the "New document" menu: Finn's cash-flow forecast, exported to Excel with its formulas.
    await page.getByRole("link", { name: "← Documents" }).click();
    await page.getByRole("button", { name: "New document" }).click();
    await page.getByRole("button", { name: "Finn" }).click();
    await page.getByRole("button", { name: /13-week cash-flow forecast/ }).click();
    await page.getByRole("textbox", { name: /Week 1, Opening balance/ }).waitFor();
    await screenshot(page, "documents-sheet-desktop");
    const excel = await downloaded(page, "Excel (.xlsx)");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(excel.bytes).buffer);
    expect(workbook.worksheets[0]?.getCell("B5").value).toMatchObject({ formula: "B2+B3-B4" });

    await page.getByRole("link", { name: "← Documents" }).click();
    await page.getByRole("link", { name: "13-week cash-flow forecast" }).waitFor();
    await screenshot(page, "documents-library-desktop");

    // The same screens in dark and on a phone, looked at; without the theme's fade, so each is taken in its colours.
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    await page.getByRole("link", { name: "13-week cash-flow forecast" }).click();
    await page.getByRole("textbox", { name: /Week 1, Opening balance/ }).waitFor();
    await screenshot(page, "documents-sheet-desktop-dark");
    await page.setViewportSize(PHONE);
    await page.goBack();
    await page.getByRole("link", { name: "Spring subscription campaign" }).click();
    await editor(page).waitFor();
    await screenshot(page, "documents-editor-phone-dark");
    await editor(page).locator('[data-cite="1"]').click();
    await page.getByRole("dialog").getByText("Source 1").waitFor();
    await screenshot(page, "documents-citation-phone-dark");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.emulateMedia({ colorScheme: "light" });
    await screenshot(page, "documents-editor-phone");
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "documents-editor-desktop-restored");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "documents-editor-desktop-dark");

    // An assumed figure's real value is told in one tap, kept as a fact, and the document updated with it.
    await page.getByRole("button", { name: "Tell Martha the real value" }).click();
    await page.getByRole("textbox", { name: "The real value of Average order £38" }).fill("£42");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Real value kept: £42").waitFor();
    await page.getByRole("button", { name: "Update the document" }).click();
    await page.getByText("Version 7", { exact: true }).waitFor();
    const facts = (await (await page.request.get("/api/memory")).json()) as unknown;
    expect(JSON.stringify(facts)).toContain("Average order: £42");

    // A read-only link shows the document to anyone who has it, without its citation markers.
    await page.getByRole("button", { name: "Make a read-only link" }).click();
    const link = await page.getByRole("textbox", { name: "Read-only link" }).inputValue();
    const reader = await browser.newPage(PHONE);
    await reader.goto(link);
    await reader.getByText("Grow subscriptions from 300 to 800 this year.").waitFor();
    await screenshot(reader, "documents-shared-phone");
  });
});

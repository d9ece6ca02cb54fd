import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "#shared/errors";
import { openDatabase } from "../server/db/open-database";
import { directorTrainings } from "../server/db/schema";
import { createLogger } from "../server/logger";
import { givePlan } from "../server/test/fixtures";
import { type PostgresServer, startPostgresServer } from "../server/test/postgres-server";
import { DESKTOP, PHONE, screenshot, setupBrowser } from "./support/browser";

/**
 * The app on a real PostgreSQL server that restarts under an owner's open
 * page: the page says it is reconnecting, never signs the owner out, and
 * catches up by itself once the database is back.
 */

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgresServer();
});
afterAll(async () => {
  await postgres?.destroy();
});

const browser = setupBrowser({
  database: async () =>
    openDatabase(
      {
        kind: "postgres",
        url: postgres.url(await postgres.createDatabase("browser")),
        poolMax: 5,
        connectTimeoutMs: 2000,
        statementTimeoutMs: 2000,
      },
      createLogger("silent"),
    ),
});

const PASSWORD = "correct-horse-battery";
let owners = 0;

/** A signed-in owner with a plan, a business profile and Martha trained. */
async function owner(page: Page) {
  owners += 1;
  const response = await page.request.post("/api/auth/sign-up", {
    data: { name: "Dana Owner", email: `outage${owners}@example.com`, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { origin: browser.url },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  const { deps } = browser.server;
  await givePlan(deps, user.id, "premium");
  await deps.db
    .insert(directorTrainings)
    .values({ userId: user.id, directorId: "martha", answers: { budget: "$800 a month" }, trainedAt: new Date() });
}

describe("a database restart under an open page", () => {
  it("shows Reconnecting…, keeps the owner signed in and on the page, and loads it again when the database is back", async () => {
    const page = await browser.newPage(DESKTOP);
    browser.expectConsoleError(/status of 503/);
    await owner(page);
    await page.goto("/settings");
    const ai = page.getByRole("region", { name: "AI" });
    await ai.getByText("For administrators").click();
    await ai.getByText("Vector search", { exact: true }).waitFor();
    if (!postgres.pgvector) {
      await ai.getByText("This server's database has no pgvector extension", { exact: false }).waitFor();
    }
    await screenshot(page, "settings-ai-vector-search-1280");
    await page.setViewportSize(PHONE);
    await ai.getByText("Vector search", { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, "settings-ai-vector-search-375");
    await page.setViewportSize(DESKTOP);

    const banner = page.getByRole("status").filter({ hasText: "Reconnecting…" });
    // The chat's own error card (its "Try again"), shown while the conversation cannot load.
    const loadFailed = page.getByRole("button", { name: "Try again" });

    // The database goes down while the owner moves to another page of the app.
    await postgres.stop();
    try {
      await page.getByRole("link", { name: "Chat", exact: true }).first().click();
      await banner.waitFor();
      await loadFailed.waitFor();
      await page.getByText(ERRORS["not_found:director"].message).first().waitFor();
      await screenshot(page, "reconnecting-chat-1280");
    } finally {
      await postgres.start();
    }
    // Back by itself: the banner goes and the page loads what it could not, with no click.
    await banner.waitFor({ state: "detached", timeout: 30_000 });
    await loadFailed.waitFor({ state: "detached", timeout: 30_000 });
    await page.getByText("Hi, I'm Martha", { exact: false }).first().waitFor({ timeout: 30_000 });

    // Down again, and the owner reloads: still signed in, still on the page, reconnecting.
    await postgres.stop();
    try {
      await page.reload();
      await banner.waitFor();
      expect(new URL(page.url()).pathname).toBe("/chat");
      await page.setViewportSize(PHONE);
      await screenshot(page, "reconnecting-375");
      await page.setViewportSize(DESKTOP);
    } finally {
      await postgres.start();
    }
    await banner.waitFor({ state: "detached", timeout: 30_000 });
    await page.getByRole("button", { name: "Sign Out" }).first().waitFor();
    await page.getByPlaceholder(/Ask Martha/).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe("/chat");
  });
});

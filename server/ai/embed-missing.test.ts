import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AiStatus } from "../../shared/settings";
import { createApp } from "../app";
import type { DatabaseHandle } from "../db/client";
import { openDatabase } from "../db/open-database";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { buildDeps, startServer } from "../start";
import { type FakeAiServer, fakeEmbedding, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan } from "../test/fixtures";
import { retrieveContext } from "../test/retrieve-context";
import { storedContexts, storedPieces } from "../test/stored-embeddings";
import { cookieFrom } from "../test/test-app";
import { createTestDataDir } from "../test/test-database";
import { embedMissing } from "./embed-missing";

/**
 * Vector search arriving later: the embedded engine opened without pgvector
 * stands in for a PostgreSQL server that lacks it. Owners train on full text;
 * once the database has pgvector, the next start embeds what they trained.
 */

let fake: FakeAiServer;
const cleanups: Array<() => Promise<void> | void> = [];
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await fake.close();
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "directors-vectors-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function envFor(dir: string) {
  return parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dir,
    PORT: "0",
    HOST: "127.0.0.1",
    AI_BASE_URL: fake.url,
    AI_API_KEY: "test-key",
    CHAT_MODEL: "test-chat",
  });
}

async function appOn(dir: string, database: DatabaseHandle) {
  const env = envFor(dir);
  const deps = await buildDeps({ env, log: createLogger("silent"), database });
  const app = createApp(deps);
  const request = (url: string, init: { cookie?: string; body?: unknown } = {}) =>
    app.request(url, {
      method: init.body === undefined ? "GET" : "POST",
      // State-changing requests come from the app's own origin, as the browser sends them.
      headers: {
        "content-type": "application/json",
        origin: new URL(env.APP_URL).origin,
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return { deps, request };
}

describe("vector search once the database has pgvector", () => {
  it("trains on full text without pgvector, then the next start embeds the existing context in the background", async () => {
    const dir = dataDir();
    const plain = await openDatabase({ kind: "pglite", dataDir: dir, withoutPgvector: true });
    expect(plain.vectors.available).toBe(false);
    const before = await appOn(dir, plain);
    const password = "correct-horse-battery";
    const signUp = await before.request("/api/auth/sign-up", {
      body: { name: "Pat Owner", email: "later@example.com", password, confirmPassword: password },
    });
    const cookie = cookieFrom(signUp);
    const { user } = (await signUp.json()) as { user: { id: string } };
    await givePlan(before.deps, user.id, "premium");
    const trained = await before.request("/api/training/martha", { cookie, body: answersFor("martha") });
    // Saved at once; the index is built by a background job, without asking for a single embedding.
    expect(await trained.json()).toMatchObject({ indexed: false });
    await before.deps.jobs.idle();
    expect(fake.embeddingRequests()).toHaveLength(0);
    expect(await (await before.request("/api/settings/ai", { cookie })).json()).toMatchObject({
      vectorSearch: { on: false, reason: "no_pgvector" },
    } satisfies Partial<AiStatus>);
    expect(await embedMissing(before.deps)).toEqual({ pieces: 0 });
    await plain.close();

    // pgvector is there now: the server starts at once and embeds the twenty pieces meanwhile.
    const server = await startServer({ env: envFor(dir), log: createLogger("silent") });
    cleanups.push(() => server.close());
    expect(server.deps.database.vectors.available).toBe(true);
    for (let attempt = 0; attempt < 200; attempt++) {
      const pieces = await storedPieces(server.deps, user.id);
      if (pieces.every((row) => row.embedding !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pieces = await storedPieces(server.deps, user.id);
    expect(pieces).toHaveLength(20);
    for (const piece of pieces) {
      expect(piece.embeddingModel).toBe("text-embedding-3-small");
      expect(piece.embedding?.length).toBe(1536);
    }

    const status = await fetch(`${server.url}/api/settings/ai`, { headers: { cookie } });
    expect(((await status.json()) as AiStatus).vectorSearch).toEqual({ on: true, reason: null });
    // Retrieval now scores by meaning too: the budget answer comes first for a question in other words.
    const found = await retrieveContext(server.deps, {
      userId: user.id,
      directorId: "martha",
      question: "How much money goes to marketing?",
    });
    expect(found[0]?.sourceField).toBe("budget");
    // Nothing is left to embed.
    expect(await embedMissing(server.deps)).toEqual({ pieces: 0 });
  });

  it("moves the embeddings of a database from before the side tables into them", async () => {
    const dir = dataDir();
    await createTestDataDir(dir);
    const fresh = await openDatabase({ kind: "pglite", dataDir: dir });
    // The layout before: embeddings in the rows themselves, no side table.
    const vector = `[${fakeEmbedding("marketing budget instagram", 8).join(",")}]`;
    for (const statement of [
      "drop table context_piece_embeddings",
      "alter table context_pieces add column embedding vector, add column embedding_model text",
      "alter table user_contexts add column embedding vector",
      `insert into "user" (id, name, email) values ('old-owner', 'Old Owner', 'old@example.com')`,
      `insert into context_pieces (user_id, department, source_field, content, embedding, embedding_model) values
        ('old-owner', 'martha', 'budget', 'We spend $800 a month on marketing', '${vector}', 'text-embedding-3-small'),
        ('old-owner', 'profile', 'industry', 'Industry Specialty coffee', null, null)`,
      `insert into user_contexts (user_id, department, context_text, embedding)
        values ('old-owner', 'martha', 'Martha training', '${vector}')`,
    ]) {
      await fresh.db.execute(sql.raw(statement));
    }
    await fresh.close();

    const reopened = await openDatabase({ kind: "pglite", dataDir: dir });
    cleanups.push(() => reopened.close());
    const deps = { db: reopened.db, database: reopened };
    const pieces = await storedPieces(deps, "old-owner");
    expect(pieces.map((piece) => [piece.sourceField, piece.embeddingModel, piece.embedding?.length ?? null])).toEqual([
      ["budget", "text-embedding-3-small", 8],
      ["industry", null, null],
    ]);
    // The record stays; its embedding served the whole-record match, which is gone.
    expect((await storedContexts(deps, "old-owner"))[0]?.contextText).toBe("Martha training");
    const columns = await reopened.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_name in ('context_pieces', 'user_contexts') and column_name like 'embedding%'`);
    expect((columns as unknown as { rows: unknown[] }).rows).toEqual([]);
    const gone = await reopened.db.execute(sql`
      select to_regclass('user_context_embeddings') as "table", to_regproc('match_documents') as "function"`);
    expect((gone as unknown as { rows: unknown[] }).rows).toEqual([{ table: null, function: null }]);
  });
});

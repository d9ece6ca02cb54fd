import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeAiServer, fakeEmbedding, startFakeAiServer } from "../test/fake-ai-server";
import { createTestApp } from "../test/test-app";
import { embedTexts } from "./embeddings";
import { AiError } from "./retry";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

async function deps(env: Record<string, string> = {}) {
  const app = await createTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", ...env } });
  return app.deps;
}

describe("embedTexts", () => {
  it("returns undefined without a provider, and sends nothing", async () => {
    const app = await createTestApp();
    expect(await embedTexts(app.deps, ["hello"])).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it("returns undefined when the embedding model is switched off", async () => {
    expect(await embedTexts(await deps({ EMBEDDING_MODEL: "none" }), ["hello"])).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it("sends batches of 512, at most 2 at a time, and keeps the order of the inputs", async () => {
    const texts = Array.from({ length: 1100 }, (_, index) => `piece ${index} about topic${index % 7}`);
    fake.queueEmbeddings({ delayMs: 150 }, { delayMs: 150 }, { delayMs: 150 });
    const result = await embedTexts(await deps(), texts);

    const sizes = fake.embeddingRequests().map((request) => (request.body.input as string[]).length);
    expect(sizes.sort((a, b) => b - a)).toEqual([512, 512, 76]);
    expect(fake.peakEmbeddingsInFlight()).toBe(2);
    expect(result?.model).toBe("text-embedding-3-small");
    expect(result?.embeddings).toHaveLength(1100);
    for (const index of [0, 511, 512, 1023, 1024, 1099]) {
      expect(result?.embeddings[index]).toEqual(fakeEmbedding(texts[index] ?? ""));
    }
  });

  it("replaces newlines by spaces and asks for the configured dimensions", async () => {
    await embedTexts(await deps({ EMBEDDING_DIMENSIONS: "256" }), ["first line\nsecond line\r\nthird"]);
    expect(fake.embeddingRequests()[0]?.body).toMatchObject({
      model: "text-embedding-3-small",
      input: ["first line second line third"],
      dimensions: 256,
    });
  });

  it("tags the failures it does not retry", async () => {
    const cases = [
      { fail: { status: 401 }, tag: "authentication" },
      { fail: { status: 404 }, tag: "model_not_found" },
      { fail: { status: 429, code: "insufficient_quota" }, tag: "insufficient_quota" },
      { fail: { status: 400 }, tag: "provider" },
    ] as const;
    const appDeps = await deps();
    for (const { fail, tag } of cases) {
      const before = fake.embeddingRequests().length;
      fake.queueEmbeddings({ fail });
      const error = await embedTexts(appDeps, ["hello"]).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AiError);
      expect((error as AiError).tag).toBe(tag);
      expect((error as AiError).status).toBe(fail.status);
      expect(fake.embeddingRequests().length - before).toBe(1);
    }
  });

  it("tags a rate limit that outlasts the retries", async () => {
    fake.queueEmbeddings(...new Array(7).fill({ fail: { status: 429 } }));
    const error = await embedTexts(await deps(), ["hello"]).catch((caught: unknown) => caught);
    expect((error as AiError).tag).toBe("rate_limit");
    expect(fake.embeddingRequests()).toHaveLength(7);
  });

  it("reports the first failing batch and stops the others", async () => {
    const texts = Array.from({ length: 1100 }, (_, index) => `text ${index}`);
    fake.queueEmbeddings({ fail: { status: 401 } }, { delayMs: 300 });
    const error = await embedTexts(await deps(), texts).catch((caught: unknown) => caught);
    expect((error as AiError).tag).toBe("authentication");
    // The third batch is never sent.
    expect(fake.embeddingRequests().length).toBeLessThanOrEqual(2);
  });
});

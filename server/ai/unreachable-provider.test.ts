import net from "node:net";
import { APICallError } from "ai";
import { describe, expect, it } from "vitest";
import type { ChatHistory } from "../../shared/chat";
import { answersFor, givePlan } from "../test/fixtures";
import { createTestApp } from "../test/test-app";
import { classifyAiError, isRetryable, withRetry } from "./retry";

/** A port on this machine that nothing listens on: it was free a moment ago and is closed again. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The error the AI SDK raises when fetch fails before any response, with the network error as its cause. */
function fetchFailure(code: string, aggregate = false) {
  const network = Object.assign(new Error(`connect ${code}`), { code });
  const cause = aggregate ? Object.assign(new AggregateError([network, network], ""), { code }) : network;
  return new APICallError({
    message: `Cannot connect to API: ${code}`,
    url: "https://ai.example/v1/chat/completions",
    requestBodyValues: {},
    cause,
    isRetryable: true,
  });
}

describe("an AI service that cannot be reached", () => {
  it("is told apart from a busy or failing one: refused, unknown host and TLS failures are not retried", async () => {
    for (const [code, aggregate] of [
      ["ECONNREFUSED", true],
      ["ENOTFOUND", false],
      ["EAI_AGAIN", false],
      ["ERR_TLS_CERT_ALTNAME_INVALID", false],
      ["CERT_HAS_EXPIRED", false],
      ["ERR_SSL_WRONG_VERSION_NUMBER", false],
    ] as const) {
      const error = classifyAiError(fetchFailure(code, aggregate));
      expect({ code, tag: error.tag, retryable: isRetryable(error) }).toEqual({
        code,
        tag: "unreachable",
        retryable: false,
      });
    }
    // A connection that dropped half-way may work next time, and keeps the spec's retry policy, like 429 and 5xx.
    for (const failure of [
      fetchFailure("ECONNRESET"),
      new APICallError({ message: "busy", url: "u", requestBodyValues: {}, statusCode: 429 }),
      new APICallError({ message: "down", url: "u", requestBodyValues: {}, statusCode: 503 }),
    ]) {
      let attempts = 0;
      await expect(
        withRetry(
          async () => {
            attempts += 1;
            throw failure;
          },
          { retries: 2, firstDelayMs: 1 },
        ),
      ).rejects.toMatchObject({ name: "AiError" });
      expect(attempts).toBe(3);
    }
    let attempts = 0;
    await expect(
      withRetry(
        async () => {
          attempts += 1;
          throw fetchFailure("ECONNREFUSED");
        },
        { retries: 2, firstDelayMs: 1 },
      ),
    ).rejects.toMatchObject({ tag: "unreachable" });
    expect(attempts).toBe(1);
  });

  it("fails a chat turn within seconds under the spec's real retry delays, and a training submit does not wait", async () => {
    const port = await closedPort();
    // aiRetry {} keeps the spec's policy (first delay 1 s, six retries): the whole chain would take over a minute.
    const app = await createTestApp({
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: "test-key" },
      aiRetry: {},
    });
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "standard");

    let started = performance.now();
    const training = await app.request("/api/training/martha", { cookie, body: answersFor("martha") });
    const trainingSeconds = (performance.now() - started) / 1000;
    // Saving does not wait for the AI service: the answers are stored and the index is left to a background job.
    expect(training.status).toBe(200);
    expect(await training.json()).toMatchObject({ indexed: false });
    expect(trainingSeconds).toBeLessThan(5);
    // Nothing the owner wrote is lost: the answers are stored and Martha counts as trained.
    const stored = (await (await app.request("/api/training/martha", { cookie })).json()) as {
      answers: unknown;
      trainedAt: string | null;
    };
    expect(stored.answers).toEqual(answersFor("martha"));
    expect(stored.trainedAt).not.toBeNull();

    started = performance.now();
    const turn = await app.request("/api/chat/martha/messages", {
      cookie,
      body: { text: "How do I get more subscribers?" },
    });
    // The answer starts at once; its failure arrives in the stream, which ends within seconds.
    expect(turn.status).toBe(200);
    expect(await turn.text()).toContain('"errorText":"ai:unavailable"');
    const chatSeconds = (performance.now() - started) / 1000;
    expect(chatSeconds).toBeLessThan(5);
    const history = (await (await app.request("/api/chat/martha", { cookie })).json()) as ChatHistory;
    expect(history.messages.map((message) => [message.sender, message.status])).toEqual([
      ["user", "complete"],
      ["ai", "failed"],
    ]);
  });

  it("fails a chat turn within 2 s at a port fetch refuses to use (the Fetch standard's blocked ports)", async () => {
    // Port 9 ("discard") is what one reaches for as "nothing listens there"; fetch refuses it before connecting.
    const app = await createTestApp({
      env: { AI_BASE_URL: "http://127.0.0.1:9/v1", AI_API_KEY: "test-key", EMBEDDING_MODEL: "none" },
      aiRetry: {},
    });
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "standard");
    const started = performance.now();
    const turn = await app.request("/api/chat/martha/messages", { cookie, body: { text: "Any ideas for May?" } });
    expect(await turn.text()).toContain('"errorText":"ai:unavailable"');
    expect((performance.now() - started) / 1000).toBeLessThan(2);
  });
});

import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  DirectorListResponse,
  TrainingResultResponse,
  TrainingStatusResponse,
} from "../../../shared/director-states";
import { DIRECTOR_IDS, type DirectorId } from "../../../shared/directors";
import { ERRORS } from "../../../shared/errors";
import { TRAINING_ANSWER_MESSAGE, TRAINING_QUESTIONS } from "../../../shared/training";
import { directorTrainings } from "../../db/schema";
import { type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../../test/fixtures";
import { storedContexts, storedPieces } from "../../test/stored-embeddings";
import { createTestApp, type TestApp, type TestAppOptions } from "../../test/test-app";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

/** The app talking to the local OpenAI-protocol server over HTTP. */
function appWithAi(options: TestAppOptions = {}) {
  return createTestApp({ ...options, env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", ...options.env } });
}

async function trainedOwner(app: TestApp, planId: "free-trial" | "standard" | "premium" = "premium") {
  const owner = await app.signUp();
  await givePlan(app.deps, owner.user.id, planId);
  return owner;
}

function submit(
  app: TestApp,
  cookie: string,
  directorId: string,
  body: unknown = answersFor(directorId as DirectorId),
) {
  return app.request(`/api/training/${directorId}`, { cookie, body });
}

async function expectError(response: Response, code: keyof typeof ERRORS) {
  expect(await response.json()).toMatchObject({ error: { code, message: ERRORS[code].message } });
  expect(response.status).toBe(ERRORS[code].status);
}

async function trainingRow(app: TestApp, userId: string, directorId: DirectorId) {
  const [row] = await app.db
    .select()
    .from(directorTrainings)
    .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId)));
  return row;
}

async function piecesOf(app: TestApp, userId: string) {
  return storedPieces(app.deps, userId);
}

async function contextsOf(app: TestApp, userId: string) {
  return storedContexts(app.deps, userId);
}

/** A real database failure: a trigger that makes every write to the table raise. */
async function breakWrites(app: TestApp, table: string) {
  await app.db.execute(
    sql.raw(`create or replace function fail_write() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`),
  );
  await app.db.execute(
    sql.raw(`create trigger fail_write before insert or update on ${table} for each row execute function fail_write()`),
  );
}

async function repairWrites(app: TestApp, table: string) {
  await app.db.execute(sql.raw(`drop trigger fail_write on ${table}`));
}

describe("GET /api/training/:directorId", () => {
  it("returns null answers before training, then the stored answers", async () => {
    const app = await createTestApp();
    const { cookie } = await trainedOwner(app);
    const before = await app.request("/api/training/martha", { cookie });
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      directorId: "martha",
      state: "available",
      answers: null,
      trainedAt: null,
      indexedAt: null,
    } satisfies TrainingStatusResponse);

    expect((await submit(app, cookie, "martha")).status).toBe(200);
    await app.jobsIdle();
    const after = (await (await app.request("/api/training/martha", { cookie })).json()) as TrainingStatusResponse;
    expect(after.state).toBe("trained");
    expect(after.answers).toEqual(answersFor("martha"));
    expect(after.trainedAt).not.toBeNull();
    expect(after.indexedAt).not.toBeNull();
  });

  it("never shows another owner's answers", async () => {
    const app = await createTestApp();
    const owner = await trainedOwner(app);
    const other = await trainedOwner(app);
    await submit(app, owner.cookie, "martha");
    const response = await app.request("/api/training/martha", { cookie: other.cookie });
    expect(((await response.json()) as TrainingStatusResponse).answers).toBeNull();
  });

  it("refuses unknown, unavailable and over-limit directors", async () => {
    const app = await createTestApp();
    const { cookie } = await trainedOwner(app, "standard");
    await expectError(await app.request("/api/training/zed", { cookie }), "not_found:director");
    await expectError(await app.request("/api/training/sam", { cookie }), "director:unavailable");
    await submit(app, cookie, "martha");
    await expectError(await app.request("/api/training/finn", { cookie }), "plan:director_limit");
  });

  it("needs a session", async () => {
    const app = await createTestApp();
    await expectError(await app.request("/api/training/martha"), "unauthorized:session");
  });
});

describe("POST /api/training/:directorId: who may train", () => {
  it("needs a plan, then an active trial", async () => {
    let now = new Date("2025-03-03T09:00:00Z");
    const app = await createTestApp({ now: () => now });
    const owner = await app.signUp();
    await expectError(await submit(app, owner.cookie, "martha"), "plan:required");

    await givePlan(app.deps, owner.user.id, "free-trial");
    now = new Date("2025-03-10T08:59:59Z");
    expect((await submit(app, owner.cookie, "martha")).status).toBe(200);
    now = new Date("2025-03-10T09:00:00Z");
    await expectError(await submit(app, owner.cookie, "martha"), "plan:trial_ended");
  });

  it("refuses an unknown director with 404 and sam and ben with 403", async () => {
    const app = await createTestApp();
    const { cookie } = await trainedOwner(app);
    await expectError(await submit(app, cookie, "zed", answersFor("martha")), "not_found:director");
    await expectError(await submit(app, cookie, "sam"), "director:unavailable");
    await expectError(await submit(app, cookie, "ben"), "director:unavailable");
  });

  it("trains sam when configuration makes him available", async () => {
    const app = await createTestApp({ env: { AVAILABLE_DIRECTORS: "martha,finn,ollie,harper,sam,ben" } });
    const { cookie } = await trainedOwner(app);
    expect((await submit(app, cookie, "sam")).status).toBe(200);
  });

  it("enforces the plan's director count with a readable 403, and still allows training the same director again", async () => {
    const app = await createTestApp();
    const { cookie, user } = await trainedOwner(app, "free-trial");
    expect((await submit(app, cookie, "martha")).status).toBe(200);
    const refused = await submit(app, cookie, "finn");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: "plan:director_limit",
        message: "Your plan does not include another director. Upgrade your plan to train more directors.",
      },
    });
    expect(await trainingRow(app, user.id, "finn")).toBeUndefined();
    expect((await submit(app, cookie, "martha", answersFor("martha", " (updated)"))).status).toBe(200);
  });

  it("lets only one of two simultaneous first trainings through on a one-director plan", async () => {
    const app = await createTestApp();
    const { cookie } = await trainedOwner(app, "standard");
    const responses = await Promise.all([submit(app, cookie, "martha"), submit(app, cookie, "finn")]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 403]);
  });

  it("allows four directors on premium and refuses none of the four", async () => {
    const app = await createTestApp();
    const { cookie } = await trainedOwner(app, "premium");
    for (const id of ["martha", "finn", "ollie", "harper"] as const) {
      expect((await submit(app, cookie, id)).status).toBe(200);
    }
  });
});

describe("POST /api/training/:directorId: the answers", () => {
  it("checks every field of every director: min 5 after trimming, with the spec's message", async () => {
    const app = await createTestApp({ env: { AVAILABLE_DIRECTORS: DIRECTOR_IDS.join(",") } });
    const { cookie } = await trainedOwner(app);
    for (const directorId of DIRECTOR_IDS) {
      const names = TRAINING_QUESTIONS[directorId].map((question) => question.name);
      expect(names).toHaveLength(10);

      const response = await submit(app, cookie, directorId, {});
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe("validation:training");
      expect(body.error.fields).toEqual(Object.fromEntries(names.map((name) => [name, TRAINING_ANSWER_MESSAGE])));

      for (const name of names) {
        const tooShort = { ...answersFor(directorId), [name]: "  abcd   " };
        const refused = await submit(app, cookie, directorId, tooShort);
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as typeof body).error.fields).toEqual({ [name]: TRAINING_ANSWER_MESSAGE });
      }
    }
  });

  it("accepts exactly five characters, refuses more than 5,000 and stores trimmed answers", async () => {
    const app = await createTestApp();
    const { cookie, user } = await trainedOwner(app);
    const tooLong = await submit(app, cookie, "martha", { ...answersFor("martha"), budget: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      error: { fields: { budget: "Please keep this answer under 5,000 characters" } },
    });

    const response = await submit(app, cookie, "martha", { ...answersFor("martha"), budget: "  $8000  " });
    expect(response.status).toBe(200);
    expect((await trainingRow(app, user.id, "martha"))?.answers.budget).toBe("$8000");
  });

  it("refuses a non-JSON body", async () => {
    const app = await createTestApp();
    const { cookie } = await trainedOwner(app);
    const response = await app.request("/api/training/martha", { cookie, body: "{oops" });
    await expectError(response, "bad_request:json");
  });
});

/** Submits and waits for the background job to build the index. */
async function submitAndIndex(app: TestApp, cookie: string, directorId: DirectorId, body?: unknown) {
  const response = await submit(app, cookie, directorId, body);
  expect(response.status).toBe(200);
  await app.jobsIdle();
  return response;
}

async function learningOf(app: TestApp, cookie: string, directorId: DirectorId) {
  const list = (await (await app.request("/api/directors", { cookie })).json()) as DirectorListResponse;
  return list.directors.find((director) => director.id === directorId)?.learning;
}

/** Apps whose jobs give up at the first failure, to see what the owner is shown then. */
const finalAttempt = { jobs: { retryLimit: 0 } } satisfies TestAppOptions;

describe("POST /api/training/:directorId: the context index, built in the background", () => {
  it("with a provider: answers at once, then the job stores one context record and embedded pieces", async () => {
    const app = await appWithAi();
    const { cookie, user } = await trainedOwner(app);
    fake.queueEmbeddings({ delayMs: 300 });
    const response = await submit(app, cookie, "martha");
    expect(response.status).toBe(200);
    const body = (await response.json()) as TrainingResultResponse;
    expect(body).toMatchObject({ directorId: "martha", indexed: false, contextEnabled: true });
    // Saved at once; the director is still learning while the index is built.
    expect((await trainingRow(app, user.id, "martha"))?.answers).toEqual(answersFor("martha"));
    expect(await learningOf(app, cookie, "martha")).toEqual({ state: "learning", message: null });

    await app.jobsIdle();
    expect(await learningOf(app, cookie, "martha")).toEqual({ state: "ready", message: null });
    const row = await trainingRow(app, user.id, "martha");
    expect(row?.indexedAt).not.toBeNull();

    const [context, ...more] = await contextsOf(app, user.id);
    expect(more).toHaveLength(0);
    expect(context?.department).toBe("martha");
    expect(context?.contextText).toContain("Bright Bean Coffee Roasters");
    expect(context?.contextText).toContain(PROFILE.goals);
    expect(context?.contextText).toContain("Who buys from you today, and who would you most like to reach?");

    const pieces = await piecesOf(app, user.id);
    expect(pieces.filter((piece) => piece.department === "profile")).toHaveLength(10);
    expect(pieces.filter((piece) => piece.department === "martha")).toHaveLength(10);
    expect(pieces.every((piece) => piece.embedding?.length === 1536)).toBe(true);
    expect(pieces.every((piece) => piece.embeddingModel === "text-embedding-3-small")).toBe(true);
    const budget = pieces.find((piece) => piece.sourceField === "budget");
    expect(budget?.content).toContain("We spend $800 a month on marketing");

    // One request carries the 20 pieces, with the model and dimensions configured.
    const [request, ...others] = fake.embeddingRequests();
    expect(others).toHaveLength(0);
    expect(request?.body).toMatchObject({ model: "text-embedding-3-small", dimensions: 1536 });
    expect(request?.body.input).toHaveLength(20);
    expect(request?.headers.authorization).toBe("Bearer test-key");
    expect((request?.body.input as string[] | undefined)?.some((input) => input.includes("\n"))).toBe(false);
  });

  it("without a provider: stores the pieces without embeddings and still trains", async () => {
    const app = await createTestApp();
    const { cookie, user } = await trainedOwner(app);
    const response = await submitAndIndex(app, cookie, "martha");
    expect(await response.json()).toMatchObject({ indexed: false, contextEnabled: true });
    const pieces = await piecesOf(app, user.id);
    expect(pieces).toHaveLength(20);
    expect(pieces.every((piece) => piece.embedding === null && piece.embeddingModel === null)).toBe(true);
    const [context] = await contextsOf(app, user.id);
    expect(context?.contextText).toContain("Bright Bean Coffee Roasters");
    expect(fake.requests).toHaveLength(0);
  });

  it("uses the configured embedding model and dimensions", async () => {
    const app = await appWithAi({ env: { EMBEDDING_MODEL: "nomic-embed-text", EMBEDDING_DIMENSIONS: "64" } });
    const { cookie, user } = await trainedOwner(app);
    await submitAndIndex(app, cookie, "martha");
    expect(fake.embeddingRequests()[0]?.body).toMatchObject({ model: "nomic-embed-text", dimensions: 64 });
    const pieces = await piecesOf(app, user.id);
    expect(pieces.every((piece) => piece.embedding?.length === 64 && piece.embeddingModel === "nomic-embed-text")).toBe(
      true,
    );
  });

  it("indexes the answers alone when there is no business profile yet", async () => {
    const app = await createTestApp();
    const owner = await app.signUp();
    await givePlan(app.deps, owner.user.id, "premium", { profile: null });
    await submitAndIndex(app, owner.cookie, "martha");
    const pieces = await piecesOf(app, owner.user.id);
    expect(pieces.map((piece) => piece.department)).toEqual(new Array(10).fill("martha"));
  });

  it("training again replaces the answers and that director's index", async () => {
    const app = await appWithAi();
    const { cookie, user } = await trainedOwner(app);
    await submitAndIndex(app, cookie, "martha");
    await submitAndIndex(app, cookie, "finn");
    const again = answersFor("martha", " (second round)");
    await submitAndIndex(app, cookie, "martha", again);

    expect((await trainingRow(app, user.id, "martha"))?.answers).toEqual(again);
    const pieces = await piecesOf(app, user.id);
    const martha = pieces.filter((piece) => piece.department === "martha");
    expect(martha).toHaveLength(10);
    expect(martha.every((piece) => piece.content.endsWith("(second round)"))).toBe(true);
    expect(pieces.filter((piece) => piece.department === "finn")).toHaveLength(10);
    expect(pieces.filter((piece) => piece.department === "profile")).toHaveLength(10);
    const contexts = await contextsOf(app, user.id);
    expect(contexts.map((context) => context.department).sort()).toEqual(["finn", "martha"]);
    expect(contexts.find((context) => context.department === "martha")?.contextText).toContain("(second round)");
  });

  it("with the context feature off: stores the answers only", async () => {
    const app = await appWithAi({ env: { CONTEXT_ENABLED: "false" } });
    const { cookie, user } = await trainedOwner(app);
    const response = await submitAndIndex(app, cookie, "martha");
    expect(await response.json()).toMatchObject({ indexed: false, contextEnabled: false });
    expect((await trainingRow(app, user.id, "martha"))?.answers).toEqual(answersFor("martha"));
    expect(await piecesOf(app, user.id)).toHaveLength(0);
    expect(await contextsOf(app, user.id)).toHaveLength(0);
    expect(await learningOf(app, cookie, "martha")).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe("POST /api/training/:directorId: failures and retrying what is missing", () => {
  it("storing the answers fails → training:store_failed and nothing is stored", async () => {
    const app = await appWithAi();
    const { cookie, user } = await trainedOwner(app);
    await breakWrites(app, "director_trainings");
    await expectError(await submit(app, cookie, "martha"), "training:store_failed");
    expect(await trainingRow(app, user.id, "martha")).toBeUndefined();
    expect(fake.requests).toHaveLength(0);

    await repairWrites(app, "director_trainings");
    expect((await submit(app, cookie, "martha")).status).toBe(200);
  });

  it("embedding fails → the answers are kept and the job tries again by itself", async () => {
    const app = await appWithAi();
    const { cookie, user } = await trainedOwner(app);
    fake.queueEmbeddings({ fail: { status: 400, message: "bad input" } });
    await submitAndIndex(app, cookie, "martha");
    const stored = await trainingRow(app, user.id, "martha");
    expect(stored?.answers).toEqual(answersFor("martha"));
    expect(stored?.indexedAt).toBeNull();
    expect(await learningOf(app, cookie, "martha")).toEqual({ state: "learning", message: null });

    // The retry comes a moment later, with backoff.
    const deadline = Date.now() + 20_000;
    while (!(await trainingRow(app, user.id, "martha"))?.indexedAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await trainingRow(app, user.id, "martha");
    expect(after?.trainedAt.getTime()).toBe(stored?.trainedAt.getTime());
    expect(after?.indexedAt).not.toBeNull();
    expect(fake.embeddingRequests()).toHaveLength(2);
    expect(await piecesOf(app, user.id)).toHaveLength(20);
  });

  it("embedding gives up → the director shows the spec's error; a second press only indexes", async () => {
    const app = await appWithAi(finalAttempt);
    const { cookie, user } = await trainedOwner(app);
    fake.queueEmbeddings({ fail: { status: 400, message: "bad input" } });
    await submitAndIndex(app, cookie, "martha");
    expect(await learningOf(app, cookie, "martha")).toEqual({
      state: "failed",
      message: "Failed to process your context data. Please try again.",
    });
    const stored = await trainingRow(app, user.id, "martha");

    const retried = await submitAndIndex(app, cookie, "martha");
    expect(await retried.json()).toMatchObject({ indexed: false });
    const after = await trainingRow(app, user.id, "martha");
    // The answers were not stored a second time: same trainedAt; only the index was built.
    expect(after?.trainedAt.getTime()).toBe(stored?.trainedAt.getTime());
    expect(after?.indexedAt).not.toBeNull();
    expect(await learningOf(app, cookie, "martha")).toEqual({ state: "ready", message: null });
  });

  it("a repeated submit of indexed answers does nothing more", async () => {
    const app = await appWithAi();
    const { cookie } = await trainedOwner(app);
    await submitAndIndex(app, cookie, "martha");
    const response = await submitAndIndex(app, cookie, "martha");
    expect(await response.json()).toMatchObject({ indexed: true });
    expect(fake.embeddingRequests()).toHaveLength(1);
  });

  it("storing the context fails → training:context_store_failed is shown; the next press stores it", async () => {
    const app = await appWithAi(finalAttempt);
    const { cookie, user } = await trainedOwner(app);
    await breakWrites(app, "user_contexts");
    await submitAndIndex(app, cookie, "martha");
    expect((await trainingRow(app, user.id, "martha"))?.indexedAt).toBeNull();
    expect(await piecesOf(app, user.id)).toHaveLength(0);
    expect((await learningOf(app, cookie, "martha"))?.message).toBe(ERRORS["training:context_store_failed"].message);

    await repairWrites(app, "user_contexts");
    await submitAndIndex(app, cookie, "martha");
    expect(await contextsOf(app, user.id)).toHaveLength(1);
  });

  it("anything else while processing → training:process_failed is shown", async () => {
    const app = await appWithAi(finalAttempt);
    const { cookie, user } = await trainedOwner(app);
    await app.db.execute(sql.raw("alter table business_profiles rename column answers to answers_moved"));
    await submitAndIndex(app, cookie, "martha");
    expect((await trainingRow(app, user.id, "martha"))?.answers).toEqual(answersFor("martha"));

    // The profile is readable again (the directors list reads it too); the failure stays until the next submit.
    await app.db.execute(sql.raw("alter table business_profiles rename column answers_moved to answers"));
    expect((await learningOf(app, cookie, "martha"))?.message).toBe(ERRORS["training:process_failed"].message);
    await submitAndIndex(app, cookie, "martha");
    expect((await trainingRow(app, user.id, "martha"))?.indexedAt).not.toBeNull();
  });
});

describe("the retry policy for embeddings, against the failing test server", () => {
  async function indexWith(app: TestApp) {
    const { cookie, user } = await trainedOwner(app);
    await submitAndIndex(app, cookie, "martha");
    return (await trainingRow(app, user.id, "martha"))?.indexedAt ?? null;
  }

  it("retries 429 and 500 with backoff, then succeeds", async () => {
    const app = await appWithAi(finalAttempt);
    fake.queueEmbeddings({ fail: { status: 429 } }, { fail: { status: 500 } }, { fail: { status: 503 } });
    expect(await indexWith(app)).not.toBeNull();
    expect(fake.embeddingRequests()).toHaveLength(4);
  });

  it("gives up after 6 retries (7 requests)", async () => {
    const app = await appWithAi(finalAttempt);
    fake.queueEmbeddings(...new Array(8).fill({ fail: { status: 500 } }));
    expect(await indexWith(app)).toBeNull();
    expect(fake.embeddingRequests()).toHaveLength(7);
  });

  it("retries a 408, which is outside the no-retry range", async () => {
    const app = await appWithAi(finalAttempt);
    fake.queueEmbeddings({ fail: { status: 408 } });
    expect(await indexWith(app)).not.toBeNull();
    expect(fake.embeddingRequests()).toHaveLength(2);
  });

  // 407 is missing: fetch turns a 407 answer into a network error before our code sees a status.
  for (const failure of [400, 401, 403, 404, 405, 406, 409, "quota"] as const) {
    it(`does not retry ${failure === "quota" ? "an exhausted quota" : `HTTP ${failure}`}`, async () => {
      const app = await appWithAi(finalAttempt);
      fake.queueEmbeddings({
        fail: failure === "quota" ? { status: 429, code: "insufficient_quota" } : { status: failure },
      });
      expect(await indexWith(app)).toBeNull();
      expect(fake.embeddingRequests()).toHaveLength(1);
    });
  }
});

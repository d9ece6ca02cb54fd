import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DirectorId } from "../../shared/directors";
import type { TrainingAnswers } from "../../shared/training";
import { knowledgeSources, userContexts } from "../db/schema";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../test/fixtures";
import { createTestApp, type TestApp, type TestAppOptions } from "../test/test-app";
import { replaceSourcePieces } from "./context-index";
import { matchDocuments, retrieveContext } from "./retrieval";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

const withAi = (env: Record<string, string> = {}): TestAppOptions => ({
  env: { AI_BASE_URL: fake.url, AI_API_KEY: "test-key", ...env },
});

/** Another owner's business: a bakery whose answers share many words with the questions asked below. */
const BAKERY_ANSWERS: TrainingAnswers = {
  ...answersFor("martha"),
  budget: "Our bakery spends $3,000 a month on marketing budget, Instagram ads and flyers.",
  marketing_channels: "Instagram ads, marketing budget flyers and TikTok for the bakery.",
};

async function owner(app: TestApp, trainings: Array<[DirectorId, TrainingAnswers]>, businessName: string) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, "premium", { profile: { ...PROFILE, businessName } });
  for (const [directorId, answers] of trainings) {
    const response = await app.request(`/api/training/${directorId}`, { cookie, body: answers });
    expect(response.status).toBe(200);
  }
  // Training answers at once; the background job builds the index.
  await app.jobsIdle();
  return user;
}

describe("retrieveContext", () => {
  for (const mode of ["with an embedding model", "full text only"] as const) {
    it(`never returns another user's pieces (${mode})`, async () => {
      const app = await createTestApp(mode === "full text only" ? {} : withAi({ RETRIEVAL_PIECE_THRESHOLD: "0" }));
      const alice = await owner(app, [["martha", answersFor("martha")]], "Bright Bean Coffee Roasters");
      const bob = await owner(app, [["martha", BAKERY_ANSWERS]], "Crumb & Co Bakery");

      const question = "What should my bakery do with its marketing budget on Instagram ads and flyers?";
      const pieces = await retrieveContext(app.deps, { userId: alice.id, directorId: "martha", question });
      expect(pieces.length).toBeGreaterThan(0);
      for (const piece of pieces) {
        expect(piece.content).not.toContain("bakery");
        expect(piece.content).not.toContain("Crumb & Co");
      }
      const bobs = await retrieveContext(app.deps, { userId: bob.id, directorId: "martha", question });
      expect(bobs.some((piece) => piece.content.includes("bakery"))).toBe(true);
      expect(bobs.every((piece) => !piece.content.includes("Bright Bean"))).toBe(true);
    });
  }

  it("finds the relevant answer by full text when no embedding model is configured", async () => {
    const app = await createTestApp();
    const alice = await owner(app, [["martha", answersFor("martha")]], "Bright Bean Coffee Roasters");
    const pieces = await retrieveContext(app.deps, {
      userId: alice.id,
      directorId: "martha",
      question: "How much do we spend on marketing each month?",
    });
    expect(pieces[0]).toMatchObject({ department: "martha", sourceField: "budget" });
    expect(await retrieveContext(app.deps, { userId: alice.id, directorId: "martha", question: "zzqx wvvq" })).toEqual(
      [],
    );
  });

  it("fuses full text and vectors, best first, and finds another director's answer the question is about", async () => {
    const app = await createTestApp(withAi({ RETRIEVAL_PIECE_THRESHOLD: "0.05", RETRIEVAL_PIECE_COUNT: "50" }));
    const alice = await owner(
      app,
      [
        ["martha", answersFor("martha")],
        ["finn", answersFor("finn")],
      ],
      "Bright Bean Coffee Roasters",
    );
    const question = "Answer about cash flow and our marketing budget for the coffee subscription";
    const pieces = await retrieveContext(app.deps, { userId: alice.id, directorId: "martha", question });
    expect(pieces.map((piece) => piece.department)).toContain("finn");
    const scores = pieces.map((piece) => piece.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // The question was embedded once with the configured model.
    expect(fake.embeddingRequests().at(-1)?.body.input).toEqual([question]);
  });

  it("bounds vector matches by the threshold and the pieces by the count", async () => {
    const strict = await createTestApp(withAi({ RETRIEVAL_PIECE_THRESHOLD: "0.99" }));
    const alice = await owner(strict, [["martha", answersFor("martha")]], "Bright Bean");
    // No word in common with any piece: only vectors could match, and none is that close.
    expect(
      await retrieveContext(strict.deps, { userId: alice.id, directorId: "martha", question: "zzqx wvvq" }),
    ).toEqual([]);

    const few = await createTestApp(withAi({ RETRIEVAL_PIECE_THRESHOLD: "0", RETRIEVAL_PIECE_COUNT: "2" }));
    const bob = await owner(few, [["martha", answersFor("martha")]], "Bright Bean");
    const question = "How much do we spend on marketing each month?";
    expect(await retrieveContext(few.deps, { userId: bob.id, directorId: "martha", question })).toHaveLength(2);
  });

  it("skips near-copies of a passage already chosen, and a follow-up finds what its conversation is about", async () => {
    const app = await createTestApp();
    const alice = await owner(app, [], "Bright Bean");
    const passage = "Our Clifton café opens at 8 in the morning and closes at 4 in the afternoon, Tuesday to Saturday.";
    for (const [name, content] of [
      ["Opening hours.md", passage],
      ["Opening hours (copy).md", `${passage} Closed on Mondays.`],
      ["Winter.md", "From November to February the Clifton café closes at 3 because footfall drops after dark."],
    ] as const) {
      const [source] = await app.db
        .insert(knowledgeSources)
        .values({ userId: alice.id, kind: "file", format: "md", name, sizeBytes: 100, status: "ready" })
        .returning({ id: knowledgeSources.id });
      await replaceSourcePieces(app.db, {
        userId: alice.id,
        sourceId: source?.id ?? "",
        createdAt: new Date(),
        pieces: [{ content, location: null, heading: null }],
      });
    }
    const hours = await retrieveContext(app.deps, {
      userId: alice.id,
      directorId: "ollie",
      question: "When does the Clifton café open?",
    });
    expect(hours.filter((piece) => piece.sourceName?.startsWith("Opening hours"))).toHaveLength(1);

    const alone = await retrieveContext(app.deps, {
      userId: alice.id,
      directorId: "ollie",
      question: "And in winter?",
    });
    expect(alone).toEqual([]);
    const followUp = await retrieveContext(app.deps, {
      userId: alice.id,
      directorId: "ollie",
      question: "And in winter?",
      earlierQuestions: ["When does the Clifton café open?"],
    });
    expect(followUp.map((piece) => piece.sourceName)).toContain("Winter.md");
  });

  it("falls back to full text when the question cannot be embedded", async () => {
    const app = await createTestApp(withAi());
    const alice = await owner(app, [["martha", answersFor("martha")]], "Bright Bean");
    const before = fake.embeddingRequests().length;
    fake.queueEmbeddings({ fail: { status: 500 } }, { fail: { status: 500 } });
    const pieces = await retrieveContext(app.deps, {
      userId: alice.id,
      directorId: "martha",
      question: "How much do we spend on marketing each month?",
    });
    // One quick retry, not the full policy: the chat is waiting.
    expect(fake.embeddingRequests().length - before).toBe(2);
    expect(pieces[0]).toMatchObject({ sourceField: "budget" });
  });
});

describe("matchDocuments (the spec's whole-record match)", () => {
  it("returns the user's own record above the 0.7 threshold, and never another user's", async () => {
    const app = await createTestApp(withAi());
    const alice = await owner(app, [["martha", answersFor("martha")]], "Bright Bean Coffee Roasters");
    const bob = await owner(app, [["martha", BAKERY_ANSWERS]], "Crumb & Co Bakery");
    const [aliceRecord] = await app.db.select().from(userContexts).where(eq(userContexts.userId, alice.id));
    const question = aliceRecord?.contextText ?? "";

    const matches = await matchDocuments(app.deps, { userId: alice.id, directorId: "martha", question });
    expect(matches).toHaveLength(1);
    expect(matches[0]?.contextText).toBe(question);
    expect(matches[0]?.similarity).toBeGreaterThan(0.99);

    const bobs = await matchDocuments(app.deps, { userId: bob.id, directorId: "martha", question });
    expect(bobs.every((match) => match.contextText.includes("Crumb & Co"))).toBe(true);
    expect(await matchDocuments(app.deps, { userId: alice.id, directorId: "finn", question })).toEqual([]);
    expect(
      await matchDocuments(app.deps, { userId: alice.id, directorId: "martha", question: "unrelated words" }),
    ).toEqual([]);
  });

  it("is empty without an embedding model", async () => {
    const app = await createTestApp();
    const alice = await owner(app, [["martha", answersFor("martha")]], "Bright Bean");
    expect(await matchDocuments(app.deps, { userId: alice.id, directorId: "martha", question: "marketing" })).toEqual(
      [],
    );
  });
});

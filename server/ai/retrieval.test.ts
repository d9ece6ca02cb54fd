import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DirectorId } from "../../shared/directors";
import type { TrainingAnswers } from "../../shared/training";
import { openDatabase } from "../db/open-database";
import { indexLargeOwnerText, LARGE_OWNER_PIECES } from "../db/owner-text-index";
import { contextPieces, contextPieceTerms, knowledgeSources } from "../db/schema";
import { dropOwnerIndexes } from "../db/vector-store";
import { type FakeAiServer, startFakeAiServer } from "../test/fake-ai-server";
import { answersFor, givePlan, PROFILE } from "../test/fixtures";
import { retrieveContext } from "../test/retrieve-context";
import { createTestApp, type TestApp, type TestAppOptions } from "../test/test-app";
import { replaceSourcePieces } from "./context-index";
import { searchPieces } from "./retrieval";

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

  it("ranks by full text alone on a database without pgvector, even with an embedding model", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: undefined, withoutPgvector: true });
    const app = await createTestApp({ ...withAi(), database });
    expect(app.deps.database.vectors.available).toBe(false);
    const alice = await owner(app, [["martha", answersFor("martha")]], "Bright Bean Coffee Roasters");
    const before = fake.embeddingRequests().length;
    const pieces = await retrieveContext(app.deps, {
      userId: alice.id,
      directorId: "martha",
      question: "How much do we spend on marketing each month?",
      earlierQuestions: ["What do we sell?"],
    });
    expect(pieces[0]).toMatchObject({ department: "martha", sourceField: "budget" });
    expect(fake.embeddingRequests().length - before).toBe(0);
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

    // An owner known to have no index of their own (a chat turn reads their count of pieces with its state) is ranked
    // through the embedded database's prepared statements, one for each ranking, with the same result every time:
    // also past the fifth run, after which PostgreSQL may keep one generic plan for a statement.
    const preparedBefore = app.deps.database.prepared?.size ?? 0;
    for (let run = 0; run < 8; run++) {
      const input = { userId: alice.id, ownerPieces: 40, directorId: "martha", question };
      expect(await retrieveContext(app.deps, input)).toEqual(pieces);
    }
    expect(app.deps.database.prepared?.size).toBe(preparedBefore + 2);
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

describe("full-text ranking (BM25 in one statement)", () => {
  it("ranks 30 of the owner's pieces, counts the common words, and follows deletions", async () => {
    const app = await createTestApp();
    const alice = (await app.signUp()).user;
    const bob = (await app.signUp()).user;
    // 600 pieces: "sourdough" in a fifth (rare enough to start from), "price" in three quarters (common: it only
    // orders the sourdough pieces, by how often each says it), lengths varying. Bob's pieces say both words most.
    const piece = (userId: string, i: number, content: string) => ({
      userId,
      department: "knowledge",
      sourceField: `note_${i}`,
      content,
    });
    const aliceRows = Array.from({ length: 600 }, (_, i) =>
      piece(
        alice.id,
        i,
        [
          // Words of its own, so that no two pieces are near-copies (retrieval keeps one of those).
          `Note ${Array.from({ length: 8 }, (_, j) => `n${i}w${j}`).join(" ")}.`,
          i % 5 === 0 ? "Our sourdough sells out early." : "The counter opens at seven.",
          i % 4 === 0 ? "" : "The price is fixed. ".repeat(1 + (i % 5)),
          "Shelves and trays by the window. ".repeat(i % 7),
        ].join(" "),
      ),
    );
    const bobRows = Array.from({ length: 60 }, (_, i) =>
      piece(bob.id, i, "Sourdough price: sourdough price, sourdough at the best price. ".repeat(1 + (i % 3))),
    );
    await app.db.insert(contextPieces).values([...aliceRows, ...bobRows]);
    const aliceIds = new Set(
      (await app.db.select({ id: contextPieces.id }).from(contextPieces).where(eq(contextPieces.userId, alice.id))).map(
        (row) => row.id,
      ),
    );
    const ranked = async (question: string) =>
      (
        await searchPieces(app.deps.database, {
          userId: alice.id,
          directorId: "martha",
          queries: [{ text: question, embedding: undefined, weight: 1 }],
          threshold: 0,
          count: 30,
          mode: "text",
        })
      ).map((found) => found.id);

    const questions = [
      "What price do we ask for sourdough?",
      "sourdough window price trays",
      // Mostly common words.
      "Sourdough price at the counter, opens at seven, trays by the window, shelves?",
    ];
    for (const question of questions) {
      const found = await ranked(question);
      expect(found).toHaveLength(30);
      expect(found.every((id) => aliceIds.has(id))).toBe(true);
    }
    // The common word orders the pieces holding the rare one: the best sourdough piece says "price" too.
    const [best] = await ranked("What price do we ask for sourdough?");
    const [bestPiece] = await app.db
      .select({ content: contextPieces.content })
      .from(contextPieces)
      .where(eq(contextPieces.id, best ?? ""));
    expect(bestPiece?.content).toContain("sourdough");
    expect(bestPiece?.content).toContain("The price is fixed.");

    // The word counts follow deletions: 40 of Alice's sourdough pieces go, and none of them is found again.
    const gone = (
      await app.db
        .select({ id: contextPieces.id })
        .from(contextPieces)
        .where(and(eq(contextPieces.userId, alice.id), sql`${contextPieces.content} like '%sourdough%'`))
        .limit(40)
    ).map((row) => row.id);
    await app.db.delete(contextPieces).where(inArray(contextPieces.id, gone));
    const [counted] = await app.db
      .select({ pieces: contextPieceTerms.pieces })
      .from(contextPieceTerms)
      .where(and(eq(contextPieceTerms.userId, alice.id), eq(contextPieceTerms.lexeme, "sourdough")));
    expect(counted?.pieces).toBe(120 - 40);
    const after = await ranked("What price do we ask for sourdough?");
    expect(after).toHaveLength(30);
    expect(after.some((id) => gone.includes(id))).toBe(false);

    // Deleting an owner's last pieces leaves no word of theirs behind.
    await app.db.delete(contextPieces).where(eq(contextPieces.userId, bob.id));
    const left = await app.db.execute(
      sql`select count(*)::int as n from context_piece_terms where user_id = ${bob.id}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });
});

describe("full-text ranking for an owner with sources and directors", () => {
  it("follows writes and deletions, and keeps to the owner and the director's scope", async () => {
    const app = await createTestApp();
    const alice = (await app.signUp()).user;
    const bob = (await app.signUp()).user;
    const [openSource, financeSource] = await app.db
      .insert(knowledgeSources)
      .values([
        { userId: alice.id, kind: "file", format: "md", name: "Bakery notes.md", sizeBytes: 100, status: "ready" },
        {
          userId: alice.id,
          kind: "file",
          format: "md",
          name: "Accounts.md",
          sizeBytes: 100,
          status: "ready",
          directorIds: ["finn"],
        },
      ])
      .returning({ id: knowledgeSources.id });
    // Words of each piece's own, so that no two pieces are near-copies (retrieval keeps one of those).
    const own = (tag: string, i: number) => Array.from({ length: 8 }, (_, j) => `${tag}${i}w${j}`).join(" ");
    const note = (i: number) =>
      [
        `Note ${own("n", i)}.`,
        i % 6 === 0 ? "Our sourdough sells out early." : "The counter opens at seven.",
        i % 4 === 0 ? "" : "The price is fixed. ".repeat(1 + (i % 5)),
        "Shelves and trays by the window. ".repeat(i % 7),
      ].join(" ");
    await replaceSourcePieces(app.db, {
      userId: alice.id,
      sourceId: openSource?.id ?? "",
      createdAt: new Date(),
      pieces: Array.from({ length: 300 }, (_, i) => ({ content: note(i), location: null, heading: null })),
    });
    // A source only the finance director may use, and training answers of two directors.
    await replaceSourcePieces(app.db, {
      userId: alice.id,
      sourceId: financeSource?.id ?? "",
      createdAt: new Date(),
      pieces: Array.from({ length: 20 }, (_, i) => ({
        content: `Ledger ${own("l", i)}: sourdough flour invoices, the price of sourdough per loaf.`,
        location: null,
        heading: null,
      })),
    });
    await app.db.insert(contextPieces).values([
      ...Array.from({ length: 20 }, (_, i) => ({
        userId: alice.id,
        department: i % 2 === 0 ? "martha" : "ollie",
        sourceField: `answer_${i}`,
        content: `Training answer ${own("t", i)}: sourdough at the window, price by the counter.`,
      })),
      ...Array.from({ length: 40 }, (_, i) => ({
        userId: bob.id,
        department: "knowledge",
        sourceField: `note_${i}`,
        content: `Sourdough price: ${own("b", i)} ${"sourdough price, sourdough at the best price by the window. ".repeat(1 + (i % 3))}`,
      })),
    ]);
    const ranked = async (question: string, skipDepartments?: string[]) =>
      (
        await searchPieces(app.deps.database, {
          userId: alice.id,
          directorId: "martha",
          queries: [{ text: question, embedding: undefined, weight: 1 }],
          threshold: 0,
          count: 30,
          mode: "text",
          skipDepartments,
        })
      ).map((found) => found.id);
    const ownPieces = async () =>
      new Set(
        (
          await app.db
            .select({ id: contextPieces.id })
            .from(contextPieces)
            .where(
              and(
                eq(contextPieces.userId, alice.id),
                sql`${contextPieces.sourceId} is distinct from ${financeSource?.id}`,
              ),
            )
        ).map((row) => row.id),
      );
    const questions = [
      "What price do we ask for sourdough?",
      "sourdough window price trays",
      "Sourdough price at the counter, opens at seven, trays by the window, shelves?",
    ];
    const inScope = async (skipDepartments?: string[]) => {
      const mine = await ownPieces();
      for (const question of questions) {
        const found = await ranked(question, skipDepartments);
        expect(found).toHaveLength(30);
        expect(found.every((id) => mine.has(id))).toBe(true);
      }
    };

    await inScope();
    // The scope: without Martha's own answers, and with the finance source opened to her, then closed again.
    await inScope(["martha"]);
    expect((await ranked("sourdough window price", ["martha"])).length).toBeGreaterThan(0);
    await app.db
      .update(knowledgeSources)
      .set({ directorIds: ["finn", "martha"] })
      .where(eq(knowledgeSources.id, financeSource?.id ?? ""));
    const ledgers = new Set(
      (
        await app.db
          .select({ id: contextPieces.id })
          .from(contextPieces)
          .where(eq(contextPieces.sourceId, financeSource?.id ?? ""))
      ).map((row) => row.id),
    );
    const opened = await ranked("sourdough flour invoices ledger");
    expect(opened.filter((id) => ledgers.has(id))).toHaveLength(20);
    await app.db
      .update(knowledgeSources)
      .set({ directorIds: ["finn"] })
      .where(eq(knowledgeSources.id, financeSource?.id ?? ""));
    expect((await ranked("sourdough flour invoices ledger")).some((id) => ledgers.has(id))).toBe(false);

    // A piece just written is found by the next question.
    const [added] = await app.db
      .insert(contextPieces)
      .values({
        userId: alice.id,
        department: "martha",
        sourceField: "note_new",
        content: "Croissant lamination takes three folds.",
      })
      .returning({ id: contextPieces.id });
    expect(await ranked("croissant lamination")).toEqual([added?.id]);
    await inScope();

    // Deleted pieces never come back.
    const gone = (await ranked("sourdough sells out early")).slice(0, 10);
    await app.db.delete(contextPieces).where(inArray(contextPieces.id, [...gone, added?.id ?? ""]));
    const afterDelete = await ranked("sourdough sells out early croissant");
    expect(afterDelete.some((id) => gone.includes(id) || id === added?.id)).toBe(false);
    await inScope();

    // Bob's question is answered from his own pieces only.
    const bobsFound = await searchPieces(app.deps.database, {
      userId: bob.id,
      directorId: "martha",
      queries: [{ text: "sourdough price", embedding: undefined, weight: 1 }],
      threshold: 0,
      count: 30,
      mode: "text",
    });
    expect(bobsFound).toHaveLength(30);
    expect(bobsFound.every((piece) => piece.content.startsWith("Sourdough price:"))).toBe(true);
  });
});

describe("full-text ranking for an owner of more than LARGE_OWNER_PIECES pieces", () => {
  it("scores the pieces holding the question's rarest words, the same with the owner's own index as without", async () => {
    const app = await createTestApp();
    const alice = (await app.signUp()).user;
    const bob = (await app.signUp()).user;
    // 1,200 pieces: "sourdough" in 40, "window" in 300, "price" in 1,100 (more than the pieces scored).
    const aliceRows = Array.from({ length: LARGE_OWNER_PIECES + 200 }, (_, i) => ({
      userId: alice.id,
      department: "knowledge",
      sourceField: `note_${i}`,
      content: [
        `Note ${Array.from({ length: 8 }, (_, j) => `n${i}w${j}`).join(" ")}.`,
        i % 30 === 0 ? "Our sourdough sells out early." : "The counter opens at seven.",
        i % 12 === 0 ? "" : "The price is fixed. ".repeat(1 + (i % 5)),
        i % 4 === 0 ? "Trays by the window." : "",
      ].join(" "),
    }));
    const bobRows = Array.from({ length: 60 }, (_, i) => ({
      userId: bob.id,
      department: "knowledge",
      sourceField: `note_${i}`,
      content: `Sourdough price ${i}: sourdough price, sourdough by the window at the best price.`,
    }));
    await app.db.insert(contextPieces).values([...aliceRows, ...bobRows]);
    const contentOf = new Map(
      (await app.db.select({ id: contextPieces.id, content: contextPieces.content }).from(contextPieces)).map((row) => [
        row.id,
        row.content,
      ]),
    );
    const aliceIds = new Set(
      (await app.db.select({ id: contextPieces.id }).from(contextPieces).where(eq(contextPieces.userId, alice.id))).map(
        (row) => row.id,
      ),
    );
    const ranked = async (question: string) =>
      (
        await searchPieces(app.deps.database, {
          userId: alice.id,
          directorId: "martha",
          queries: [{ text: question, embedding: undefined, weight: 1 }],
          threshold: 0,
          count: 30,
          mode: "text",
        })
      ).map((found) => found.id);
    const questions = ["What price do we ask for sourdough?", "price by the window", "What is the price?"];
    const before = await Promise.all(questions.map(ranked));

    // The rare word decides: the sourdough pieces come first, the best of them saying "price" too.
    const sourdough = before[0] ?? [];
    expect(sourdough.slice(0, 20).every((id) => contentOf.get(id)?.includes("sourdough"))).toBe(true);
    expect(contentOf.get(sourdough[0] ?? "")).toContain("The price is fixed.");
    // "window" is looked for before "price"; "price" alone, held by more pieces than are scored, is looked for all
    // the same. Only Alice's pieces, 30 each time.
    expect(contentOf.get(before[1]?.[0] ?? "")).toContain("window");
    for (const found of before) {
      expect(found).toHaveLength(30);
      expect(found.every((id) => aliceIds.has(id))).toBe(true);
    }

    // After a large write the owner gets a GIN index of their own (a small owner none), and ranks the same through it.
    await indexLargeOwnerText(app.db, alice.id);
    await indexLargeOwnerText(app.db, bob.id);
    const ownIndexes = async (userId: string) =>
      (
        (await app.db.execute(
          sql`select indexname from pg_indexes where tablename = 'context_pieces' and indexdef like ${`%'${userId}'%`}`,
        )) as unknown as { rows: unknown[] }
      ).rows.length;
    expect(await ownIndexes(alice.id)).toBe(1);
    expect(await ownIndexes(bob.id)).toBe(0);
    expect(await Promise.all(questions.map(ranked))).toEqual(before);
    // Deleting the account drops it.
    await dropOwnerIndexes(app.db, alice.id);
    expect(await ownIndexes(alice.id)).toBe(0);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectorId } from "../../shared/directors";
import { rankingIndexes } from "../ai/ranking-index";
import { searchPieces } from "../ai/retrieval";
import { createTestDatabase } from "../test/test-database";
import type { DatabaseHandle } from "./client";
import { contextPieces, knowledgeSources, users } from "./schema";
import { savePieceEmbeddings } from "./vector-store";

const MODEL = "scale-test-model";
const DIMENSIONS = 16;
/** Small enough that the owner below has many more pieces than it, large enough to re-rank the 30 candidates. */
const POOL = 60;

/** A fixed pseudo-random sequence, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}
const random = generator(42);
const QUERY = Array.from({ length: DIMENSIONS }, () => random());
const near = (amount: number) => QUERY.map((value) => value + random() * amount);
const elsewhere = () => Array.from({ length: DIMENSIONS }, () => random());

let handle: DatabaseHandle;
/** Each piece's vector, by id. */
const vectorOf = new Map<string, number[]>();
const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
  return (
    dot / Math.sqrt(a.reduce((sum, value) => sum + value * value, 0) * b.reduce((sum, value) => sum + value * value, 0))
  );
};
/** Piece ids by what they are. */
const ids = { near: [] as string[], finnOnly: [] as string[], harperOnly: [] as string[], other: [] as string[] };

async function addSource(
  userId: string,
  name: string,
  directorIds: DirectorId[] | null,
  vectors: number[][],
  words: (index: number) => string = () => "",
): Promise<string[]> {
  const [source] = await handle.db
    .insert(knowledgeSources)
    .values({ userId, kind: "file", format: "txt", name, sizeBytes: 1, status: "ready", directorIds })
    .returning({ id: knowledgeSources.id });
  const rows = await handle.db
    .insert(contextPieces)
    .values(
      vectors.map((_, index) => ({
        userId,
        department: "knowledge",
        sourceField: name,
        // Words of their own, so that no two pieces are near-copies of each other.
        content: `${name.replace(/\W/g, "")}${index} ${["alpha", "beta", "gamma"].map((word) => `${word}${index}`).join(" ")} ${words(index)}`,
        sourceId: source?.id,
      })),
    )
    .returning({ id: contextPieces.id });
  await savePieceEmbeddings(
    handle.db,
    handle.vectors,
    rows.map((row, index) => ({ pieceId: row.id, userId, model: MODEL, embedding: vectors[index] ?? [] })),
  );
  for (const [index, row] of rows.entries()) vectorOf.set(row.id, vectors[index] ?? []);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(users).values([
    { id: "owner", name: "Owner", email: "owner@example.com" },
    { id: "neighbour", name: "Neighbour", email: "neighbour@example.com" },
  ]);
  // The owner: 200 pieces Martha may use (5 of them close to the question), 10 only Finn may use and 5 only Harper
  // may use. The neighbour: 10 pieces that are the question's own vector.
  const martha = [...Array.from({ length: 5 }, () => near(0.05)), ...Array.from({ length: 195 }, elsewhere)];
  const marthas = await addSource("owner", "Shared notes", ["martha", "finn"], martha);
  ids.near = marthas.slice(0, 5);
  ids.other = marthas.slice(5);
  ids.finnOnly = await addSource(
    "owner",
    "Finn's ledger",
    ["finn"],
    Array.from({ length: 10 }, () => near(0.001)),
  );
  ids.harperOnly = await addSource("owner", "Harper's file", ["harper"], Array.from({ length: 5 }, elsewhere));
  await addSource(
    "neighbour",
    "Neighbour's notes",
    null,
    Array.from({ length: 10 }, () => [...QUERY]),
  );
});
afterAll(async () => {
  await handle?.close();
});

/** The vector ranking of `asked.vector` (QUERY by default) among `asked.userId`'s pieces ("owner" by default). */
async function vectorRanking(
  directorId: DirectorId,
  plan: "exact" | "binary-rerank",
  inMemory = false,
  threshold = -1,
  asked: { userId: string; vector: number[] } = { userId: "owner", vector: QUERY },
): Promise<string[]> {
  const pieces = await searchPieces(
    { db: handle.db, vectors: { ...handle.vectors, plan, preselectionPool: POOL } },
    {
      userId: asked.userId,
      directorId,
      queries: [{ text: "", embedding: { model: MODEL, vector: asked.vector }, weight: 1 }],
      threshold,
      count: 30,
      mode: "vector",
      inMemory,
    },
  );
  return pieces.map((piece) => piece.id);
}

/**
 * A piece embedded after the owner's copy was read comes first at the next question, and from the copy built again;
 * it is deleted afterwards.
 */
async function expectNewEmbeddingSeen(indexes: ReturnType<typeof rankingIndexes>): Promise<void> {
  const [added] = await addSource("owner", "New notes", null, [[...QUERY]]);
  expect((await vectorRanking("martha", "binary-rerank", true))[0]).toBe(added);
  expect(indexes.size.owners).toBe(0);
  await indexes.ready("owner");
  expect((await vectorRanking("martha", "binary-rerank", true))[0]).toBe(added);
  expect(indexes.size.owners).toBe(1);
  await handle.db.delete(contextPieces).where(eq(contextPieces.id, added ?? ""));
}

describe("the vector ranking at owner scale (binary pre-selection, exact re-ranking)", () => {
  it("ranks an owner with more pieces than the pool like the exact search, and never another owner's pieces or a source the director may not use", async () => {
    const exact = await vectorRanking("martha", "exact");
    const preselected = await vectorRanking("martha", "binary-rerank");
    expect(exact.slice(0, 5).sort()).toEqual([...ids.near].sort());
    expect(preselected.slice(0, 5)).toEqual(exact.slice(0, 5));
    expect(preselected).toHaveLength(30);
    const allowed = new Set([...ids.near, ...ids.other]);
    expect(preselected.every((id) => allowed.has(id))).toBe(true);
  });

  it("ranks exactly when the director may use too few of the pieces the pre-selection kept", async () => {
    // Finn's own pieces are the closest, so the pool is full of pieces Harper may not use; his five still come back.
    const harpers = await vectorRanking("harper", "binary-rerank");
    expect([...harpers].sort()).toEqual([...ids.harperOnly].sort());
    expect(harpers).toEqual(await vectorRanking("harper", "exact"));
    const finns = await vectorRanking("finn", "binary-rerank");
    expect(finns.slice(0, 10).sort()).toEqual([...ids.finnOnly].sort());
  });

  it("pre-selects from the process's copy of the owner's signs as the database does, and sees a new embedding at once", async () => {
    const indexes = rankingIndexes(handle.db);
    // Above levelsMaxPieces pieces, the copy keeps the owner's vector signs.
    indexes.options = { ...indexes.options, minPieces: 100, levelsMaxPieces: 100 };
    const copy = await indexes.ready("owner");
    expect(copy?.signs.get(`${MODEL}/${DIMENSIONS}`)?.pieces).toHaveLength(215);
    expect(copy?.levels.size).toBe(0);
    // The pool is cut from the pieces the director may use, so it ranks like the exact search where the database's
    // pool (cut before the scope) falls back to it, and never returns another owner's piece or a closed source's.
    const martha = await vectorRanking("martha", "binary-rerank", true);
    expect(martha).toHaveLength(30);
    expect(martha.slice(0, 5)).toEqual((await vectorRanking("martha", "exact")).slice(0, 5));
    expect(martha.every((id) => ids.near.includes(id) || ids.other.includes(id))).toBe(true);
    expect(await vectorRanking("harper", "binary-rerank", true)).toEqual(await vectorRanking("harper", "exact"));
    const finns = await vectorRanking("finn", "binary-rerank", true);
    expect(finns.slice(0, 10).sort()).toEqual([...ids.finnOnly].sort());
    expect(finns.slice(0, 15)).toEqual((await vectorRanking("finn", "exact")).slice(0, 15));
    expect(indexes.size.owners).toBe(1);

    await expectNewEmbeddingSeen(indexes);
  });

  it("ranks from the process's copy of the owner's vector levels as the exact search does, to the levels' precision", async () => {
    const indexes = rankingIndexes(handle.db);
    indexes.options = { ...indexes.options, minPieces: 100, levelsMaxPieces: 1_000 };
    const copy = await indexes.ready("owner");
    expect(copy?.levels.get(`${MODEL}/${DIMENSIONS}`)?.pieces).toHaveLength(215);
    expect(copy?.signs.size).toBe(0);
    const exactOf = (id: string) => cosine(vectorOf.get(id) ?? [], QUERY);

    // The same best 30 of the pieces Martha may use, most similar first, where 16 dimensions' levels can tell them
    // apart (a level's cosine is within 0.01 of the vector's here; with 1,536 dimensions, about 1e-4).
    const exact = await vectorRanking("martha", "exact");
    const martha = await vectorRanking("martha", "binary-rerank", true);
    expect(martha).toHaveLength(30);
    expect(martha.slice(0, 5)).toEqual(exact.slice(0, 5));
    expect(martha.every((id) => ids.near.includes(id) || ids.other.includes(id))).toBe(true);
    const floor = exactOf(exact[29] ?? "");
    for (const [position, id] of martha.entries()) {
      expect(exactOf(id)).toBeGreaterThan(floor - 0.01);
      expect(exactOf(id)).toBeLessThan(exactOf(martha[position - 1] ?? id) + 0.01);
    }
    expect([...(await vectorRanking("harper", "binary-rerank", true))].sort()).toEqual([...ids.harperOnly].sort());
    const finns = await vectorRanking("finn", "binary-rerank", true);
    expect(finns.slice(0, 10).sort()).toEqual([...ids.finnOnly].sort());

    // Down to the threshold: one between the five close pieces and the rest keeps those five.
    const closest = [...ids.near, ...ids.other].map(exactOf).sort((a, b) => b - a);
    const threshold = ((closest[4] ?? 0) + (closest[5] ?? 0)) / 2;
    expect([...(await vectorRanking("martha", "binary-rerank", true, threshold))].sort()).toEqual([...ids.near].sort());

    await expectNewEmbeddingSeen(indexes);
  });

  it("ranks an owner with fewer pieces than the pool in one statement, as the copy of their pieces does", async () => {
    await handle.db.insert(users).values({ id: "small", name: "Small", email: "small@example.com" });
    // 40 pieces: three close to the question, a source Martha may not use (its pieces closest of all), the rest
    // elsewhere; "sourdough" and "price" said more or less often from piece to piece.
    const words = (index: number) => `${"sourdough ".repeat(index % 4)}${"price ".repeat(index % 3)}`;
    const close = await addSource(
      "small",
      "Close notes",
      null,
      Array.from({ length: 3 }, () => near(0.05)),
      words,
    );
    const closed = await addSource(
      "small",
      "Finance",
      ["finn"],
      Array.from({ length: 5 }, () => near(0.001)),
      words,
    );
    await addSource("small", "Other notes", null, Array.from({ length: 32 }, elsewhere), words);
    const search = async (text: string, mode: "hybrid" | "text", inMemory: boolean) =>
      (
        await searchPieces(
          { db: handle.db, vectors: { ...handle.vectors, preselectionPool: POOL } },
          {
            userId: "small",
            directorId: "martha",
            queries: [{ text, embedding: { model: MODEL, vector: QUERY }, weight: 1 }],
            threshold: -1,
            count: 30,
            mode,
            inMemory,
          },
        )
      ).map((piece) => piece.id);
    const indexes = rankingIndexes(handle.db);
    // The copy of the owner's signs, whose pool the database re-ranks exactly: the same vector ranking both ways.
    indexes.options = { ...indexes.options, minPieces: 1, levelsMaxPieces: 0 };
    const questions = ["What price for sourdough?", "sourdough", "price alpha7 gamma12", "nothing shared"];
    const modes = ["text", "hybrid"] as const;
    const fromDatabase = [];
    for (const question of questions) for (const mode of modes) fromDatabase.push(await search(question, mode, false));
    const copy = await indexes.ready("small");
    expect(copy?.ids).toHaveLength(40);
    const fromCopy = [];
    for (const question of questions) for (const mode of modes) fromCopy.push(await search(question, mode, true));
    expect(fromCopy).toEqual(fromDatabase);
    // The pieces saying both words most often lead the text ranking, and only pieces saying one of them are in it;
    // a close piece leads the hybrid ranking; the closed source never comes back.
    const [text, hybrid] = fromDatabase;
    const contents = new Map(
      (await handle.db.select({ id: contextPieces.id, content: contextPieces.content }).from(contextPieces)).map(
        (row) => [row.id, row.content],
      ),
    );
    expect(contents.get(text?.[0] ?? "")).toMatch(/ sourdough sourdough sourdough price price $/);
    expect(text?.every((id) => /sourdough|price/.test(contents.get(id) ?? ""))).toBe(true);
    expect(close).toContain(hybrid?.[0]);
    expect(fromDatabase.flat().some((id) => closed.includes(id))).toBe(false);
  });

  it("keeps in the copy's pool the pieces closest to the question even where their signs mostly differ from its own", async () => {
    await handle.db.insert(users).values({ id: "skewed", name: "Skewed", email: "skewed@example.com" });
    // A question whose direction is in four large components, the other twelve nearly zero (embeddings have a few
    // such dimensions). Five pieces share its four large signs and differ on the small ones; 80 decoys share its
    // small signs and oppose its large ones, so they agree with the question on 12 signs of 16 and point away from it.
    const question = Array.from({ length: DIMENSIONS }, (_, dimension) =>
      dimension < 4 ? 1 : dimension % 2 === 0 ? 0.01 : -0.01,
    );
    const sign = (value: number) => (value > 0 ? 1 : -1);
    const close = (index: number) =>
      question.map((value, dimension) => (dimension < 4 ? 1 + index / 10 : -sign(value) * 0.5));
    const decoy = (index: number) =>
      question.map((value, dimension) => (dimension < 4 ? -1 : sign(value) * (1 + index / 100)));
    const closeIds = await addSource(
      "skewed",
      "Close",
      null,
      Array.from({ length: 5 }, (_, index) => close(index)),
    );
    await addSource(
      "skewed",
      "Decoys",
      null,
      Array.from({ length: 80 }, (_, index) => decoy(index)),
    );
    const indexes = rankingIndexes(handle.db);
    indexes.options = { ...indexes.options, minPieces: 1, levelsMaxPieces: 0 };
    expect((await indexes.ready("skewed"))?.signs.get(`${MODEL}/${DIMENSIONS}`)?.pieces).toHaveLength(85);
    const asked = { userId: "skewed", vector: question };
    const fromCopy = await vectorRanking("martha", "binary-rerank", true, -1, asked);
    expect([...fromCopy.slice(0, 5)].sort()).toEqual([...closeIds].sort());
    expect(fromCopy.slice(0, 5)).toEqual((await vectorRanking("martha", "exact", false, -1, asked)).slice(0, 5));
  });
});

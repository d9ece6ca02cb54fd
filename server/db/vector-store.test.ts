import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DirectorId } from "../../shared/directors";
import { searchPieces } from "../ai/retrieval";
import { createTestDatabase } from "../test/test-database";
import type { DatabaseHandle } from "./client";
import { contextPieces, knowledgeSources, users } from "./schema";
import { savePieceEmbeddings, settlePieceEmbeddings } from "./vector-store";

const MODEL = "scale-test-model";
const DIMENSIONS = 16;
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
  threshold = -1,
  asked: { userId: string; vector: number[] } = { userId: "owner", vector: QUERY },
): Promise<string[]> {
  const pieces = await searchPieces(handle, {
    userId: asked.userId,
    directorId,
    queries: [{ text: "", embedding: { model: MODEL, vector: asked.vector }, weight: 1 }],
    threshold,
    count: 30,
    mode: "vector",
  });
  return pieces.map((piece) => piece.id);
}

/** The directors whose rankings the HNSW index must reproduce. */
const DIRECTORS: DirectorId[] = ["martha", "finn", "harper"];

describe("the vector ranking in the database", () => {
  it("ranks the owner's pieces by cosine, and never another owner's pieces or a source the director may not use", async () => {
    const exact = await vectorRanking("martha");
    expect(exact.slice(0, 5).sort()).toEqual([...ids.near].sort());
    expect(exact).toHaveLength(30);
    const allowed = new Set([...ids.near, ...ids.other]);
    expect(exact.every((id) => allowed.has(id))).toBe(true);
    // Most similar first.
    const similarity = exact.map((id) => cosine(vectorOf.get(id) ?? [], QUERY));
    expect(similarity).toEqual([...similarity].sort((a, b) => b - a));
    // A piece embedded a moment ago comes first at the next question.
    const [added] = await addSource("owner", "New notes", null, [[...QUERY]]);
    expect((await vectorRanking("martha"))[0]).toBe(added);
    await handle.db.delete(contextPieces).where(eq(contextPieces.id, added ?? ""));
  });

  it("keeps to the director's sources when the closest pieces are in sources it may not use", async () => {
    // Finn's own pieces are the closest; Harper may not use them, and his five still come back.
    expect([...(await vectorRanking("harper"))].sort()).toEqual([...ids.harperOnly].sort());
    const finns = await vectorRanking("finn");
    expect(finns.slice(0, 10).sort()).toEqual([...ids.finnOnly].sort());
  });

  it("ranks down to the threshold", async () => {
    const exactOf = (id: string) => cosine(vectorOf.get(id) ?? [], QUERY);
    const closest = [...ids.near, ...ids.other].map(exactOf).sort((a, b) => b - a);
    const threshold = ((closest[4] ?? 0) + (closest[5] ?? 0)) / 2;
    expect([...(await vectorRanking("martha", threshold))].sort()).toEqual([...ids.near].sort());
  });

  it("ranks an owner known to have no index of their own in one read of their vectors, as each query alone would", async () => {
    // The chat knows the owner's count of pieces and searches a follow-up's two wordings: both distances in one read.
    // The second wording's vector has a generator of its own: the shared one's sequence makes the other tests' pieces.
    const second = generator(7);
    const wordings = [QUERY, Array.from({ length: DIMENSIONS }, () => second())].map((vector) => ({
      text: "",
      embedding: { model: MODEL, vector },
      weight: 1,
    }));
    const ranked = async (directorId: DirectorId, threshold: number, ownerPieces?: number) =>
      (
        await searchPieces(handle, {
          userId: "owner",
          ownerPieces,
          directorId,
          queries: wordings,
          threshold,
          count: 30,
          mode: "vector",
        })
      ).map((piece) => piece.id);
    const closest = [...ids.near, ...ids.other]
      .map((id) => cosine(vectorOf.get(id) ?? [], QUERY))
      .sort((a, b) => b - a);
    for (const threshold of [-1, closest[10] ?? 0]) {
      for (const director of DIRECTORS) {
        const oneRead = await ranked(director, threshold, 215);
        expect(oneRead.length).toBeGreaterThan(0);
        expect(oneRead).toEqual(await ranked(director, threshold));
      }
    }
    expect((await ranked("harper", -1, 215)).sort()).toEqual([...ids.harperOnly].sort());
  });

  it("ranks through an owner's own HNSW index with the same top six as the exact scan", async () => {
    const exact = await Promise.all(DIRECTORS.map((director) => vectorRanking(director)));
    const neighbours = await vectorRanking("martha", -1, { userId: "neighbour", vector: QUERY });
    // The owner (215 pieces) passes a threshold lowered for the test; the neighbour (10) does not.
    await settlePieceEmbeddings(handle.db, { ...handle.vectors, hnswMinPieces: 100 }, ["owner", "neighbour"]);
    const indexes = await handle.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'context_piece_embeddings' and indexdef like '%hnsw%'`,
    );
    const definitions = (indexes as unknown as { rows: Array<{ indexdef: string }> }).rows.map((row) => row.indexdef);
    expect(definitions).toHaveLength(1);
    expect(definitions[0]).toContain("'owner'");
    const plan = await handle.db.execute(sql`explain select p.id from context_piece_embeddings e
      join context_pieces p on p.id = e.piece_id
      where e.user_id = 'owner' and vector_dims(e.embedding) = ${sql.raw(String(DIMENSIONS))}
      order by e.embedding::vector(${sql.raw(String(DIMENSIONS))}) <=> ${`[${QUERY.join(",")}]`}::vector(${sql.raw(String(DIMENSIONS))}) limit 30`);
    expect(JSON.stringify(plan)).toContain("context_piece_embeddings_hnsw_");
    for (const [index, director] of DIRECTORS.entries()) {
      const throughIndex = await vectorRanking(director);
      expect(throughIndex.slice(0, 6)).toEqual(exact[index]?.slice(0, 6));
    }
    expect(await vectorRanking("martha", -1, { userId: "neighbour", vector: QUERY })).toEqual(neighbours);
  });

  it("ranks a small owner's pieces by full text and by vector, fused, in one statement", async () => {
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
    const search = async (text: string, mode: "hybrid" | "text") =>
      (
        await searchPieces(handle, {
          userId: "small",
          directorId: "martha",
          queries: [{ text, embedding: { model: MODEL, vector: QUERY }, weight: 1 }],
          threshold: -1,
          count: 30,
          mode,
        })
      ).map((piece) => piece.id);
    const questions = ["What price for sourdough?", "sourdough", "price alpha7 gamma12", "nothing shared"];
    const modes = ["text", "hybrid"] as const;
    const fromDatabase = [];
    for (const question of questions) for (const mode of modes) fromDatabase.push(await search(question, mode));
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
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { contextPieces, users } from "../db/schema";
import { savePieceEmbeddings, settlePieceEmbeddings } from "../db/vector-store";
import { createTestDatabase } from "../test/test-database";
import { deleteAccount } from "./delete-account";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** An owner with three embedded pieces. */
async function owner(id: string) {
  await handle.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
  const pieces = await handle.db
    .insert(contextPieces)
    .values(
      [0, 1, 2].map((index) => ({
        userId: id,
        department: "knowledge",
        sourceField: "note",
        content: `Note ${index}`,
      })),
    )
    .returning({ id: contextPieces.id });
  await savePieceEmbeddings(
    handle.db,
    handle.vectors,
    pieces.map((piece, index) => ({
      pieceId: piece.id,
      userId: id,
      model: "test-model",
      embedding: [0, 1, 2].map((axis) => (axis === index ? 1 : 0)),
    })),
  );
  return { id, email: `${id}@example.com` };
}

/** Which of these owners have an HNSW index of their own (its predicate names them). */
async function ownersIndexed(ids: string[]): Promise<string[]> {
  const definitions = rowsOf<{ indexdef: string }>(
    await handle.db.execute(
      sql`select indexdef from pg_indexes where tablename = 'context_piece_embeddings' and indexdef like '%hnsw%'`,
    ),
  ).map((row) => row.indexdef);
  return ids.filter((id) => definitions.some((definition) => definition.includes(`'${id}'`)));
}

describe("deleting an account", () => {
  it("drops the owner's own vector index and leaves other owners' indexes alone", async () => {
    const leaving = await owner("leaving");
    // An id that begins like the other's: only the exact owner's index goes.
    const staying = await owner("leaving-not");
    await settlePieceEmbeddings(handle.db, { ...handle.vectors, hnswMinPieces: 3 }, [leaving.id, staying.id]);
    expect(await ownersIndexed([leaving.id, staying.id])).toEqual([leaving.id, staying.id]);

    await deleteAccount({ db: handle.db }, leaving);

    expect(await ownersIndexed([leaving.id, staying.id])).toEqual([staying.id]);
  });
});

import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { rowsOf } from "./rows-of";

/**
 * An owner with more pieces than this has their full text searched by its rarest words first (retrieval.ts), through a
 * GIN index of their own once a large write has built it: the shared index holds every owner's pieces, where a word
 * common in the table is a long list to read for any owner.
 */
export const LARGE_OWNER_PIECES = 1_000;

/** After a large write of the owner's pieces: an owner past LARGE_OWNER_PIECES gets a partial index naming them. */
export async function indexLargeOwnerText(db: Database, userId: string): Promise<void> {
  const large = sql`select 1 from context_piece_owner_stats where user_id = ${userId} and pieces > ${LARGE_OWNER_PIECES}`;
  if (rowsOf(await db.execute(large)).length === 0) return;
  const name = `context_pieces_search_${createHash("sha256").update(userId).digest("hex").slice(0, 16)}`;
  await db.execute(
    sql.raw(`create index if not exists ${name} on context_pieces using gin (search_vector)
      where user_id = '${userId.replace(/'/g, "''")}'`),
  );
}

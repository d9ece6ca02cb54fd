import { and, desc, eq, or } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { Database } from "../db/client";
import { rememberedFacts } from "../db/schema";

/** A kept fact as a director's context carries it: what, when, and which director it came from. */
export type RememberedFactInContext = {
  id: string;
  statement: string;
  /** YYYY-MM-DD */
  date: string;
  directorId: DirectorId | null;
};

/** More than any real owner keeps; the prompt's memory budget picks the newest of them. */
const FACTS_READ_LIMIT = 300;

/**
 * The kept facts one director uses, newest first: every fact meant for all
 * directors and the ones meant only for this director. Never a proposed or
 * dismissed one: nothing is remembered without the owner's Keep.
 */
export async function factsForDirector(
  db: Database,
  userId: string,
  directorId: DirectorId,
): Promise<RememberedFactInContext[]> {
  const rows = await db
    .select({
      id: rememberedFacts.id,
      statement: rememberedFacts.statement,
      date: rememberedFacts.factDate,
      directorId: rememberedFacts.directorId,
    })
    .from(rememberedFacts)
    .where(
      and(
        eq(rememberedFacts.userId, userId),
        eq(rememberedFacts.status, "kept"),
        or(eq(rememberedFacts.onlyDirector, false), eq(rememberedFacts.directorId, directorId)),
      ),
    )
    .orderBy(desc(rememberedFacts.factDate), desc(rememberedFacts.createdAt))
    .limit(FACTS_READ_LIMIT);
  return rows.map((row) => ({ ...row, directorId: (row.directorId as DirectorId | null) ?? null }));
}

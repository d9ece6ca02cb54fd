import { type SQL, sql } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows-of";

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
  const result = await db.execute(sql`select ${keptFactsJson(userId, directorId)} as facts`);
  const [row] = rowsOf<{ facts: RememberedFactInContext[] }>(result);
  return row?.facts ?? [];
}

/**
 * factsForDirector as a JSON array in one expression, so a chat turn reads the facts in the statement that reads the
 * rest of its state.
 */
export function keptFactsJson(userId: string, directorId: string): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', fact.id, 'statement', fact.statement,
        'date', to_char(fact.fact_date, 'YYYY-MM-DD'), 'directorId', fact.director_id)
        order by fact.fact_date desc, fact.created_at desc), '[]'::json)
      from (
        select id, statement, fact_date, director_id, created_at from remembered_facts
        where user_id = ${userId} and status = 'kept' and (only_director = false or director_id = ${directorId})
        order by fact_date desc, created_at desc
        limit ${FACTS_READ_LIMIT}
      ) fact)`;
}

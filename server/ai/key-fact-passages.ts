import { sql } from "drizzle-orm";
import { ALL_KEY_FACTS } from "../../shared/key-facts";
import type { Database } from "../db/client";

/** Passages read per key fact: the best few by full-text rank are enough to find one that states it. */
const PASSAGES_PER_KEY_FACT = 10;

export type KeyFactPassage = {
  text: string;
  /** When its source was read. */
  date: string;
  /** The directors its source is for; null: all of them. */
  directorIds: string[] | null;
};

/** Each figure's words as one full-text query: any of them, phrases kept whole. */
const QUERIES = ALL_KEY_FACTS.flatMap((fact) =>
  fact.statedBy ? [fact.statedBy.map((phrase) => `"${phrase}"`).join(" OR ")] : [],
);

/**
 * The owner's knowledge passages that may state a key figure (a PDF's "gross
 * margin 62%"): for each figure, the pieces whose words include one of its
 * `statedBy` phrases, found through the full-text index so an owner's large
 * library is never read whole. Whether a passage really states it (a sentence
 * with the phrase and a number) is decided in shared/key-fact-status.ts.
 */
export async function readKeyFactPassages(db: Database, userId: string): Promise<KeyFactPassage[]> {
  const queries = sql.join(
    QUERIES.map((query) => sql`(${query})`),
    sql`, `,
  );
  // Each figure's query is parsed once, as a value of its own: written inside the lateral, it was parsed again for
  // every piece it was checked against, which was nearly all of the statement's time.
  const result = await db.execute(sql`
    with figure as materialized (
      select websearch_to_tsquery('english', phrases) as query from (values ${queries}) as phrases(phrases)
    )
    select distinct on (piece.id) piece.content as text, coalesce(source.ready_at, source.created_at) as date,
      source.director_ids as "directorIds"
    from figure
    cross join lateral (
      select p.id, p.content, p.source_id from context_pieces p
      where p.user_id = ${userId} and p.department = 'knowledge' and p.search_vector @@ figure.query
      order by ts_rank_cd(p.search_vector, figure.query) desc
      limit ${PASSAGES_PER_KEY_FACT}
    ) piece
    join knowledge_sources source on source.id = piece.source_id`);
  const rows = (
    result as unknown as { rows: Array<{ text: string; date: Date | string; directorIds: string[] | null }> }
  ).rows;
  return rows.map((row) => ({ text: row.text, date: new Date(row.date).toISOString(), directorIds: row.directorIds }));
}

import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { rowsOf } from "../db/rows-of";

type Deps = { db: DatabaseHandle["db"]; database: Pick<DatabaseHandle, "vectors"> };

/**
 * Tests read what the index stored: each piece with its embedding from the
 * side table (null when it has none, and always without pgvector).
 */
export async function storedPieces({ db, database }: Deps, userId: string) {
  const embedding = database.vectors.available
    ? sql`e.model as "embeddingModel", e.embedding::text as embedding`
    : sql`null as "embeddingModel", null as embedding`;
  const join = database.vectors.available ? sql`left join context_piece_embeddings e on e.piece_id = p.id` : sql``;
  const result = await db.execute(sql`
    select p.id, p.department, p.source_field as "sourceField", p.content, ${embedding}
    from context_pieces p
    ${join}
    where p.user_id = ${userId}
    order by p.department, p.source_field
  `);
  return rowsOf<{
    id: string;
    department: string;
    sourceField: string;
    content: string;
    embeddingModel: string | null;
    embedding: string | null;
  }>(result).map((row) => ({ ...row, embedding: parseVector(row.embedding) }));
}

/** Each stored context record of the user (they are not embedded). */
export async function storedContexts({ db }: Pick<Deps, "db">, userId: string) {
  const result = await db.execute(sql`
    select c.id, c.department, c.context_text as "contextText"
    from user_contexts c
    where c.user_id = ${userId}
    order by c.department
  `);
  return rowsOf<{ id: string; department: string; contextText: string }>(result);
}

function parseVector(text: string | null): number[] | null {
  return text === null ? null : (JSON.parse(text) as number[]);
}

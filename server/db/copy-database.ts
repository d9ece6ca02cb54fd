import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle, Transaction } from "./client";
import { rowsOf } from "./rows-of";

/**
 * Copies every row of one Directors database into another (npm run db:copy):
 * the embedded data folder onto a PostgreSQL server, or back. Both sides are
 * opened (and so migrated) by the same code first, so their tables match.
 *
 * Rows travel as JSON (to_jsonb on the way out, jsonb_populate_recordset on the
 * way in), which carries every column type the same way between PostgreSQL 18
 * (PGlite) and older servers, where a dump of one cannot be restored into the
 * other. The target is written in one transaction: it is emptied of what it
 * holds (it may hold settings, never an account), filled, its counts checked
 * against the source's, and only then committed. The source is read in one
 * repeatable-read transaction, so the copy is consistent even while it is in use.
 */

export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CopyRefusedError";
  }
}

export type CopiedTable = { table: string; rows: number };
export type CopyResult = {
  tables: CopiedTable[];
  /** Tables of the source the target does not have (the embedding tables, where the target has no pgvector). */
  skipped: CopiedTable[];
  /** What happens to vector search on the target. */
  embeddings: "copied" | "not_copied_no_pgvector" | "embedded_at_next_start" | "none";
};

/** Rows read from the source and written to the target per round trip. */
const BATCH = 500;

type Executor = Database | Transaction;

/** Full-text retrieval's word statistics, kept by triggers on context_pieces (migration 0014). */
const TRIGGER_KEPT_TABLES = new Set(["context_piece_terms", "context_piece_owner_stats"]);

export async function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  options: { onTable?: (table: CopiedTable) => void } = {},
): Promise<CopyResult> {
  const [holdsUsers] = rowsOf<{ present: boolean }>(
    await target.db.execute(sql`select exists (select 1 from "user") as present`),
  );
  if (holdsUsers?.present) {
    throw new CopyRefusedError(
      "The target database already holds accounts, so nothing was copied. Copy into a new, empty database.",
    );
  }

  const [sourceUsers] = rowsOf<{ present: boolean }>(
    await source.db.execute(sql`select exists (select 1 from "user") as present`),
  );
  if (!sourceUsers?.present) {
    throw new CopyRefusedError("The source database holds no accounts, so there is nothing to copy.");
  }

  return source.db.transaction(
    async (from) => {
      const sourceTables = await tablesInOrder(from);
      const targetTables = new Set(await tablesInOrder(target.db));
      const tables = sourceTables.filter((table) => targetTables.has(table));
      const counts = new Map<string, number>();
      for (const table of sourceTables) counts.set(table, await countRows(from, table));
      const skipped = sourceTables
        .filter((table) => !targetTables.has(table))
        .map((table) => ({ table, rows: counts.get(table) ?? 0 }));

      const copied = await target.db.transaction(async (to) => {
        for (const table of [...targetTables].reverse()) await to.execute(sql`delete from ${sql.identifier(table)}`);
        const done: CopiedTable[] = [];
        // Tables kept by triggers fill themselves as the rows they follow arrive: checked, not copied.
        const ordered = [
          ...tables.filter((table) => !TRIGGER_KEPT_TABLES.has(table)),
          ...tables.filter((table) => TRIGGER_KEPT_TABLES.has(table)),
        ];
        for (const table of ordered) {
          if (!TRIGGER_KEPT_TABLES.has(table)) await copyTable(from, to, table);
          const rows = await countRows(to, table);
          const expected = counts.get(table) ?? 0;
          if (rows !== expected) {
            throw new Error(`The copy of ${table} has ${rows} rows, the source ${expected}; nothing was copied.`);
          }
          await resetSequences(to, table);
          const entry = { table, rows };
          done.push(entry);
          options.onTable?.(entry);
        }
        return done;
      });

      const sourceEmbeddings = sourceTables.includes("context_piece_embeddings");
      const embeddings = !sourceEmbeddings
        ? target.vectors.available
          ? "embedded_at_next_start"
          : "none"
        : target.vectors.available
          ? "copied"
          : "not_copied_no_pgvector";
      return { tables: copied, skipped, embeddings };
    },
    { isolationLevel: "repeatable read" },
  );
}

/** The database's own tables (not Drizzle's bookkeeping), each after the tables it references. */
async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name
    `),
  ).map((row) => row.name);
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
    `),
  ).map(({ child, parent }) => ({ child: unquote(child), parent: unquote(parent) }));
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const { parent } of references.filter(
      (reference) => reference.child === table && reference.parent !== table,
    )) {
      visit(parent, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

/** regclass text quotes names that need it ("user"). */
function unquote(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;
}

async function countRows(db: Executor, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
  return Number(row?.n ?? 0);
}

/** The columns a row can be written with: not generated, and present on both sides. */
async function writableColumns(db: Executor, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position
    `),
  ).map((row) => row.name);
}

async function copyTable(from: Executor, to: Executor, table: string) {
  const sourceColumns = new Set(await writableColumns(from, table));
  const columns = (await writableColumns(to, table)).filter((column) => sourceColumns.has(column));
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const cursor = sql.identifier(`copy_${table}`);
  // As JSON text, untouched on the way: numbers keep every digit.
  await from.execute(
    sql`declare ${cursor} no scroll cursor for select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
  );
  for (;;) {
    const rows = rowsOf<{ row: string }>(await from.execute(sql`fetch ${sql.raw(String(BATCH))} from ${cursor}`));
    if (rows.length === 0) break;
    const json = `[${rows.map((row) => row.row).join(",")}]`;
    await to.execute(sql`
      insert into ${sql.identifier(table)} (${list}) overriding system value
      select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${json}::jsonb)
    `);
  }
  await from.execute(sql`close ${cursor}`);
}

/** Serial and identity columns continue after the copied rows. */
async function resetSequences(db: Executor, table: string) {
  const sequenced = rowsOf<{ name: string }>(
    await db.execute(sql`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
        and (column_default like 'nextval(%' or is_identity = 'YES')
    `),
  );
  for (const { name } of sequenced) {
    await db.execute(sql`
      select setval(pg_get_serial_sequence(${`"${table}"`}, ${name}), coalesce(max(${sql.identifier(name)}), 0) + 1, false)
      from ${sql.identifier(table)}
    `);
  }
}

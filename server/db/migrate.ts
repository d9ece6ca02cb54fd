import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Database, VectorStore } from "./client";
import { rowsOf } from "./rows-of";
import { prepareVectorStore } from "./vector-store";

/**
 * The advisory lock every process takes before migrating. Any constant works
 * as long as nothing else on the database uses it; this one spells "dirs".
 */
export const MIGRATION_LOCK_KEY = 0x64697273;

/**
 * Applies the pending SQL migrations and prepares the vector store, all in one
 * transaction that first takes a transaction-level advisory lock. Any number of
 * processes can start at once against a fresh or an existing database: one
 * migrates while the others wait on the lock, then find nothing left to do. A
 * transaction-level lock (rather than a session one) also holds through a
 * connection pooler in transaction mode.
 *
 * The bookkeeping is Drizzle's own (drizzle.__drizzle_migrations, a migration
 * applies when it is newer than the newest recorded one), so databases migrated
 * before this runner keep working.
 */
export async function migrate(db: Database, migrationsFolder: string): Promise<VectorStore> {
  const migrations = readMigrationFiles({ migrationsFolder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    // Waiting for another process's migration, or a long one, must not be cut short by a statement timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`
      create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)
    `);
    const result = await tx.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const newest = rowsOf<{ created_at: string | number }>(result)[0];
    const appliedUpTo = newest ? Number(newest.created_at) : -1;
    for (const migration of migrations) {
      if (migration.folderMillis <= appliedUpTo) continue;
      for (const statement of migration.sql) {
        if (statement.trim() !== "") await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }
    return prepareVectorStore(tx);
  });
}

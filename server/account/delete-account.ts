import { eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of";
import { rateLimits, users, verifications } from "../db/schema";
import { dropOwnerIndexes } from "../db/vector-store";
import type { AppDeps } from "../deps";

/**
 * Removes every row that belongs to the user, in one transaction. Every table
 * of ours references user.id with ON DELETE CASCADE; the sweep over every
 * table with a user_id column also covers a table added later without that
 * reference. Rows keyed by the email or id rather than a column (throttling
 * counters, verification tokens) go too, and so does the owner's own vector index.
 */
export async function deleteAccount(deps: Pick<AppDeps, "db">, user: { id: string; email: string }): Promise<void> {
  const email = user.email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select c.table_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`);
    for (const { table_name } of rowsOf<{ table_name: string }>(result)) {
      await tx.execute(sql`delete from ${sql.identifier(table_name)} where user_id::text = ${user.id}`);
    }
    await tx
      .delete(rateLimits)
      .where(
        sql`${user.id} = any(string_to_array(${rateLimits.key}, ':')) or ${email} = any(string_to_array(lower(${rateLimits.key}), ':'))`,
      );
    await tx
      .delete(verifications)
      .where(
        sql`lower(${verifications.identifier}) = ${email} or strpos(${verifications.identifier}, ${user.id}) > 0 or strpos(${verifications.value}, ${user.id}) > 0`,
      );
    await tx.delete(users).where(eq(users.id, user.id));
    await dropOwnerIndexes(tx, user.id);
  });
}

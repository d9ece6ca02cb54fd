import { type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import { AppError } from "./app-error";

/**
 * Deletes what `where` picks (one of the owner's rows: the owner is always part of it), or answers `notFound` when it
 * picks nothing, so another owner's row is never told apart from one that does not exist.
 */
export async function deleteOrNotFound(db: Database, table: PgTable, where: SQL | undefined, notFound: ErrorCode) {
  const deleted = await db.delete(table).where(where).returning({ found: sql`1` });
  if (deleted.length === 0) throw new AppError(notFound);
}

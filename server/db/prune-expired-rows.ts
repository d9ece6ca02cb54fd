import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Throttling counters are read only within their one-minute window; older ones
 * are kept a little longer so a prune never races a request still counting in
 * the window that just ended.
 */
const RATE_LIMIT_KEEP_MS = 10 * 60_000;
/** Rows deleted per statement, so a large backlog never holds locks for long. */
const BATCH = 5000;

export type PruneResult = { rateLimits: number; sessions: number; verifications: number };

/**
 * Deletes rows nothing will read again: throttling counters of past windows,
 * expired sessions and expired verification tokens. Idempotent, so any number
 * of processes may run it at the same time.
 */
export async function pruneExpiredRows(db: Database, now: Date): Promise<PruneResult> {
  const rateLimitCutoff = new Date(now.getTime() - RATE_LIMIT_KEEP_MS).toISOString();
  const cutoff = now.toISOString();
  return {
    rateLimits: await deleteInBatches(
      db,
      sql`delete from rate_limits where key in (
        select key from rate_limits where window_start < ${rateLimitCutoff}::timestamptz limit ${BATCH})`,
    ),
    sessions: await deleteInBatches(
      db,
      sql`delete from session where id in (
        select id from session where expires_at < ${cutoff}::timestamptz limit ${BATCH})`,
    ),
    verifications: await deleteInBatches(
      db,
      sql`delete from verification where id in (
        select id from verification where expires_at < ${cutoff}::timestamptz limit ${BATCH})`,
    ),
  };
}

async function deleteInBatches(db: Database, statement: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(statement)) as unknown as { rowCount?: number | null; affectedRows?: number };
    const deleted = Number(result.rowCount ?? result.affectedRows ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

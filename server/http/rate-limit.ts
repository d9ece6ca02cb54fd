import { eq, sql } from "drizzle-orm";
import type { ErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import type { PreparedStatements } from "../db/pglite-prepared";
import { rateLimits } from "../db/schema";
import { AppError } from "./app-error";

/**
 * Fixed-window counters stored in the database, so that every server process
 * shares the count. A key's window starts on a multiple of its length (a clock
 * minute by default); the first count in a new window starts again from one.
 */

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * `cost`: how many attempts one request counts as (a board question counts one chat turn per director). `prepared`:
 * the embedded database's prepared statements, for a count on a hot path (a chat turn), where planning is most of
 * the statement's time.
 */
type Window = { now: Date; windowMs?: number; cost?: number; prepared?: PreparedStatements };

function windowStartOf({ now, windowMs = MINUTE_MS }: Window): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Adds one (or the window's `cost`) to the key's count in the current window and returns the new count. */
export async function countOne(db: Database, key: string, window: Window): Promise<number> {
  const statement = countingStatement(db, key, window);
  const [row] = window.prepared
    ? (await window.prepared.execute<{ count: number }>(statement.getSQL())).rows
    : await statement;
  return row?.count ?? window.cost ?? 1;
}

/**
 * countOne's statement (returning `count`), for a caller that runs it with other work in one statement (a chat turn
 * counts itself while it reads its state); checkCount then tells whether the count is over the limit.
 */
export function countingStatement(db: Database, key: string, window: Omit<Window, "prepared">) {
  const windowStart = windowStartOf(window);
  const cost = window.cost ?? 1;
  return db
    .insert(rateLimits)
    .values({ key, windowStart, count: cost })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart.toISOString()}::timestamptz then ${rateLimits.count} + ${cost} else ${cost} end`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
}

/** Throws `code` when a count (countingStatement's) is over the limit. */
export function checkCount(count: number, options: { limit: number; code: ErrorCode }): void {
  if (count > options.limit) throw new AppError(options.code);
}

/** The key's count in the current window, without adding to it. */
export async function currentCount(db: Database, key: string, window: Window): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row && row.windowStart.getTime() === windowStartOf(window).getTime() ? row.count : 0;
}

/** Starts the key's count again, e.g. after the right password. */
export async function resetCount(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Counts one attempt (or `cost` attempts) under each key and throws `code` when any key is over its limit. */
export async function throttle(
  db: Database,
  options: Window & { keys: string[]; limit: number; code: ErrorCode },
): Promise<void> {
  for (const key of options.keys) {
    checkCount(await countOne(db, key, options), options);
  }
}

/** At most `limit` requests of one kind (`key`) an hour: for what asks the AI service for a long answer. */
export async function throttleHourly(
  deps: { db: Database; now: () => Date },
  options: { key: string; limit: number; code: ErrorCode },
): Promise<void> {
  await throttle(deps.db, {
    keys: [options.key],
    limit: options.limit,
    code: options.code,
    now: deps.now(),
    windowMs: HOUR_MS,
  });
}

import { eq, sql } from "drizzle-orm";
import type { ErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "./app-error";

/**
 * Fixed-window counters stored in the database, so that every server process
 * shares the count. A key's window starts on a multiple of its length (a clock
 * minute by default); the first count in a new window starts again from one.
 */

export const MINUTE_MS = 60_000;

type Window = { now: Date; windowMs?: number };

function windowStartOf({ now, windowMs = MINUTE_MS }: Window): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Adds one to the key's count in the current window and returns the new count. */
export async function countOne(db: Database, key: string, window: Window): Promise<number> {
  const windowStart = windowStartOf(window);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart.toISOString()}::timestamptz then ${rateLimits.count} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
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

/** Counts one attempt under each key and throws `code` when any key is over its limit. */
export async function throttle(
  db: Database,
  options: { keys: string[]; limit: number; code: ErrorCode; now: Date; windowMs?: number },
): Promise<void> {
  for (const key of options.keys) {
    const count = await countOne(db, key, options);
    if (count > options.limit) throw new AppError(options.code);
  }
}

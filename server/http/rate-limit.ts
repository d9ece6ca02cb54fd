import { sql } from "drizzle-orm";
import type { ErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "./app-error";

const WINDOW_MS = 60_000;

/**
 * Counts one attempt under each key in a fixed one-minute window, stored in the
 * database so that every server process shares the count. Throws when any key
 * is over its limit.
 */
export async function throttle(
  db: Database,
  options: { keys: string[]; limit: number; code: ErrorCode; now: Date },
): Promise<void> {
  const windowStart = new Date(Math.floor(options.now.getTime() / WINDOW_MS) * WINDOW_MS);
  for (const key of options.keys) {
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
    if (row && row.count > options.limit) throw new AppError(options.code);
  }
}

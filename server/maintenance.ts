import { embedMissing } from "./ai/embed-missing";
import { isDatabaseUnavailable } from "./db/database-error";
import { pruneExpiredRows } from "./db/prune-expired-rows";
import type { AppDeps } from "./deps";

/** How often each process prunes old rows and embeds context that still lacks a vector. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * Background upkeep for a running server: right after start, then every
 * MAINTENANCE_INTERVAL_MS. Each round deletes rows nothing will read again
 * (server/db/prune-expired-rows.ts) and embeds context indexed before vector
 * search was available (server/ai/embed-missing.ts). Both are safe with several
 * processes on one database. A failed round is logged and tried again on the
 * next one; the database being away is expected and only a warning.
 */
export function startMaintenance(deps: AppDeps): { stop(): Promise<void> } {
  const controller = new AbortController();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const round = async () => {
    try {
      const pruned = await pruneExpiredRows(deps.db, deps.now());
      if (pruned.rateLimits + pruned.sessions + pruned.verifications > 0) deps.log.info(pruned, "pruned expired rows");
      const embedded = await embedMissing(deps, controller.signal);
      if (embedded.pieces + embedded.records > 0) {
        deps.log.info(embedded, "embedded existing context for vector search");
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isDatabaseUnavailable(error)) deps.log.warn({ err: error }, "maintenance skipped: database unavailable");
      else deps.log.error({ err: error }, "maintenance failed; it runs again later");
    }
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = round().finally(() => {
        if (!controller.signal.aborted) schedule(MAINTENANCE_INTERVAL_MS);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}

import { pruneExpiredRows } from "../db/prune-expired-rows";
import type { AppDeps } from "../deps";
import { defineJob } from "./define-job";

/**
 * Deletes throttling counters of past windows, expired sessions and expired
 * verification tokens (server/db/prune-expired-rows.ts): sent at start and
 * every few minutes by the upkeep schedule (upkeep.ts), one at a time across
 * every process.
 */
export const pruneExpiredRowsJob = defineJob<Record<string, never>, AppDeps>({
  name: "prune-expired-rows",
  policy: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 10 * 60, policy: "stately", concurrency: 1 },
  async run(deps, _data, { log }) {
    const pruned = await pruneExpiredRows(deps.db, deps.now());
    if (pruned.rateLimits + pruned.sessions + pruned.verifications > 0) log.info(pruned, "pruned expired rows");
  },
});

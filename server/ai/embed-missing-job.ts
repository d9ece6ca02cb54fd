import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import { embedMissing } from "./embed-missing";

/**
 * Embeds context that still lacks a vector from the configured model (see
 * embed-missing.ts): sent at start and every few minutes by the upkeep
 * schedule (server/jobs/upkeep.ts). One at a time across every process; while
 * the AI service is down it is retried with backoff.
 */
export const embedMissingJob = defineJob<Record<string, never>, AppDeps>({
  name: "embed-missing",
  policy: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 60 * 60, policy: "stately", concurrency: 1 },
  async run(deps, _data, { log }) {
    const embedded = await embedMissing(deps);
    if (embedded.pieces > 0) log.info(embedded, "embedded existing context for vector search");
  },
});

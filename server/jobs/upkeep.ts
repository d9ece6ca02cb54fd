import { embedMissingJob } from "../ai/embed-missing-job";
import { reconcileBillingJob } from "../billing/reconcile-billing-job";
import { isDatabaseUnavailable } from "../db/database-error";
import type { AppDeps } from "../deps";
import { numbersSweepJob } from "../numbers/numbers-sweep-job";
import { pruneExpiredRowsJob } from "./prune-expired-rows-job";

/** How often each running server asks for the upkeep jobs (the queue keeps at most one of each waiting). */
export const UPKEEP_INTERVAL_MS = 10 * 60_000;

/**
 * The recurring background jobs: pruning rows nothing will read again,
 * embedding context indexed before vector search was available, and, with
 * billing on, the day's reconciliation with Stripe. Each server
 * process sends them once it listens and every UPKEEP_INTERVAL_MS; the job
 * queue runs one of each at a time, whichever process sends it.
 */
export function scheduleUpkeep(deps: Pick<AppDeps, "jobs" | "log" | "billing">): { stop(): void } {
  const send = async () => {
    try {
      await deps.jobs.send(pruneExpiredRowsJob, {});
      await deps.jobs.send(embedMissingJob, {});
      if (deps.billing) await deps.jobs.send(reconcileBillingJob, {});
      await deps.jobs.send(numbersSweepJob, {});
    } catch (error) {
      // The next round sends them again; the database being away is expected now and then.
      if (isDatabaseUnavailable(error)) deps.log.warn({ err: error }, "upkeep jobs not sent: database unavailable");
      else deps.log.error({ err: error }, "upkeep jobs not sent");
    }
  };
  void send();
  const timer = setInterval(() => void send(), UPKEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}

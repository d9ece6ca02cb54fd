import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import { reconcileBilling } from "./reconcile-billing";

/**
 * The daily repair of billing state from Stripe (reconcile-billing.ts): sent with the upkeep jobs; the first run of
 * a day does the work, later ones that day return at once.
 */
export const reconcileBillingJob = defineJob<Record<string, never>, AppDeps>({
  name: "reconcile-billing",
  policy: { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 30 * 60, policy: "stately", concurrency: 1 },
  async run(deps, _data, { log }) {
    const result = await reconcileBilling(deps, log);
    if (!result.skipped) log.info(result, "billing reconciled");
  },
});

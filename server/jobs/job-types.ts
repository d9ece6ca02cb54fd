import { embedMissingJob } from "../ai/embed-missing-job";
import { indexContextJob } from "../ai/index-context-job";
import { reconcileBillingJob } from "../billing/reconcile-billing-job";
import type { AppDeps } from "../deps";
import { ingestSourceJob } from "../knowledge/ingest-source-job";
import { learnFromConversationJob } from "../memory/learn-from-conversation-job";
import { numbersSweepJob } from "../numbers/numbers-sweep-job";
import { writeBriefJob } from "../numbers/write-brief-job";
import { runScheduledRequestJob } from "../schedules/run-scheduled-request-job";
import type { JobType } from "./define-job";
import { pruneExpiredRowsJob } from "./prune-expired-rows-job";

/**
 * Every kind of background job; each is defined beside the capability it serves. The server runs them, and the
 * build's migrated database (server/db/make-database-snapshot.ts) already holds their queues.
 */
export const JOB_TYPES: ReadonlyArray<JobType<never, AppDeps>> = [
  indexContextJob,
  ingestSourceJob,
  pruneExpiredRowsJob,
  embedMissingJob,
  learnFromConversationJob,
  reconcileBillingJob,
  numbersSweepJob,
  writeBriefJob,
  runScheduledRequestJob,
];

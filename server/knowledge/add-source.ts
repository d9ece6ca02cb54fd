import { eq } from "drizzle-orm";
import type { KnowledgeSourceItem } from "../../shared/knowledge";
import { knowledgeSources } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { requireActivePlan } from "../plans/plan-status";
import { ingestSourceJob } from "./ingest-source-job";
import { createSource, limitsOf, type NewSource, toSourceItem } from "./knowledge-sources";

/** The largest file one upload may carry, from KNOWLEDGE_MAX_FILE_MB. */
export function maxFileBytes(deps: Pick<AppDeps, "env">): number {
  return Math.floor(deps.env.KNOWLEDGE_MAX_FILE_MB * 1024 * 1024);
}

/**
 * Stores a new source within the plan's limits and hands it to the ingestion
 * job; answers as soon as it is stored. Needs an active plan.
 */
export async function addSource(deps: AppDeps, userId: string, source: NewSource): Promise<KnowledgeSourceItem> {
  const planStatus = await requireActivePlan(deps, userId);
  const row = await createSource(deps.db, {
    userId,
    limits: limitsOf(planStatus.plan, maxFileBytes(deps)),
    source,
    now: deps.now(),
  });
  await queueIngestion(deps, row.id, false, async () => {
    await deps.db.delete(knowledgeSources).where(eq(knowledgeSources.id, row.id));
  });
  return toSourceItem(row);
}

/** Queues the reading of a source; if the queue refuses, undoes what the caller stored and fails the request. */
export async function queueIngestion(
  deps: AppDeps,
  sourceId: string,
  refetch: boolean,
  undo: () => Promise<void>,
): Promise<void> {
  try {
    await deps.jobs.send(ingestSourceJob, { sourceId, ...(refetch ? { refetch } : {}) });
  } catch (error) {
    await undo().catch(() => undefined);
    throw new AppError("server:internal", { cause: error });
  }
}

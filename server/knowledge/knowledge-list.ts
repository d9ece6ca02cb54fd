import type { KnowledgeListResponse } from "../../shared/knowledge";
import type { AppDeps } from "../deps";
import { getPlanStatus } from "../plans/plan-status";
import { maxFileBytes } from "./add-source";
import { limitsOf, listSources, toSourceItem, usageOf } from "./knowledge-sources";

/** The /knowledge page: the owner's sources, how much they use and what the plan allows. */
export async function knowledgeList(deps: AppDeps, userId: string): Promise<KnowledgeListResponse> {
  const [rows, usage, planStatus] = await Promise.all([
    listSources(deps.db, userId),
    usageOf(deps.db, userId),
    getPlanStatus(deps, userId),
  ]);
  return {
    sources: rows.map(toSourceItem),
    usage: { ...usage, limits: limitsOf(planStatus?.plan, maxFileBytes(deps)) },
    planId: planStatus?.plan.id ?? null,
  };
}

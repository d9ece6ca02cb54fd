import type { KnowledgeOverview } from "../../shared/memory";
import type { AppDeps } from "../deps";
import { directorStatuses } from "../directors/director-access";
import { getPlanStatus } from "../plans/plan-status";
import { notesFacts } from "./answer-memory";
import { knowledgeOf, readKnowledgeSources } from "./director-knowledge";
import { readFacts, readMemorySettings } from "./facts";

/** What the directors know, for Settings: the profile, trainings, kept and noted facts, and each director's key facts. */
export async function memoryOverview(deps: AppDeps, userId: string): Promise<KnowledgeOverview> {
  const [sources, settings, facts, statuses] = await Promise.all([
    readKnowledgeSources(deps.db, userId),
    readMemorySettings(deps.db, userId),
    readFacts(deps.db, userId, { statuses: ["proposed", "kept"] }),
    getPlanStatus(deps, userId).then((plan) => directorStatuses(deps, userId, plan)),
  ]);
  const now = deps.now();
  return {
    keepAutomatically: settings.keepAutomatically,
    noting: notesFacts(deps),
    profile: sources.profile,
    trainings: sources.trainings,
    facts: facts.filter((fact) => fact.status === "kept"),
    proposed: facts.filter((fact) => fact.status === "proposed" && fact.source !== null),
    directors: statuses
      .filter((status) => status.state === "trained" || status.state === "available")
      .map((status) => knowledgeOf(status.director.id, sources, now)),
  };
}

import { and, eq } from "drizzle-orm";
import { citedNumbers } from "../../shared/answer-sources";
import { findDirector } from "../../shared/directors";
import { isoDay } from "../../shared/memory";
import { periodLabel } from "../../shared/periods";
import { gatherDirectorContext } from "../ai/director-context";
import { writeBrief } from "../ai/write-brief";
import { directorBriefs } from "../db/schema";
import type { AppDeps } from "../deps";
import { defineJob } from "../jobs/define-job";
import { getBusinessProfile } from "../profile/business-profile";
import { readTraining } from "../training/stored-training";

/**
 * Writes one weekly or monthly brief (a row planBriefs claimed). A brief already written is left alone, so a retry, a second
 * process or a resend never writes it twice. When the AI service is away the job fails and is retried with backoff;
 * the row stays pending, and the sweep sends it again if the retries run out.
 */
export const writeBriefJob = defineJob<{ briefId: string }, AppDeps>({
  name: "write-brief",
  // Two at a time per process: briefs for many owners never crowd out the owners' own chats.
  policy: { retryLimit: 6, retryDelaySeconds: 30, expireInSeconds: 5 * 60, policy: "stately", concurrency: 2 },
  async run(deps, { briefId }, { log }) {
    const [brief] = await deps.db.select().from(directorBriefs).where(eq(directorBriefs.id, briefId));
    if (!brief || brief.status === "ready") return;
    const director = findDirector(brief.directorId);
    if (!director || !deps.ai.chat) return;
    const [profile, training] = await Promise.all([
      getBusinessProfile(deps.db, brief.userId),
      readTraining(deps.db, brief.userId, director.id),
    ]);
    const context = await gatherDirectorContext(
      deps,
      {
        userId: brief.userId,
        director,
        profile,
        trainingAnswers: training?.answers,
        search: undefined,
      },
      log,
    );
    const content = await writeBrief(deps.ai.chat, {
      director,
      blocks: context.blocks,
      cadence: brief.cadence,
      period: periodLabel(brief.period, brief.cadence),
      today: isoDay(deps.now()),
    });
    const cited = new Set(citedNumbers(`${content.moved} ${content.risk} ${content.action}`));
    const sources = context.blocks.map((block) => ({ ...block, cited: cited.has(block.n) }));
    await deps.db
      .update(directorBriefs)
      .set({ status: "ready", content, sources, writtenAt: deps.now() })
      .where(and(eq(directorBriefs.id, briefId), eq(directorBriefs.status, "pending")));
    log.info({ directorId: director.id, cadence: brief.cadence }, "brief written");
  },
});

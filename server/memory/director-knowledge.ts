import { and, eq } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import { type DirectorKnowledge, directorKnowledge } from "../../shared/key-fact-status";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";
import { type KeyFactPassage, readKeyFactPassages } from "../ai/key-fact-passages";
import type { Database } from "../db/client";
import { businessProfiles, directorTrainings, rememberedFacts } from "../db/schema";

/** Everything the owner has told the directors that counts towards their key facts, read in one go. */
export type KnowledgeSources = {
  profile: { answers: OnboardingData; updatedAt: string } | null;
  trainings: Array<{ directorId: DirectorId; answers: TrainingAnswers; trainedAt: string }>;
  /** Kept facts. */
  facts: Array<{
    directorId: string | null;
    onlyDirector: boolean;
    keyFact: string | null;
    date: string;
    statement: string;
  }>;
  passages: KeyFactPassage[];
};

/**
 * `passages: false` leaves the knowledge passages out (the costliest read): they can only turn a fact that nothing
 * else covers from missing to covered, so a caller asking only whether facts are missing reads them for those left.
 */
export async function readKnowledgeSources(
  db: Database,
  userId: string,
  options: { passages: boolean } = { passages: true },
): Promise<KnowledgeSources> {
  const [[profile], trainings, facts, passages] = await Promise.all([
    db
      .select({ answers: businessProfiles.answers, updatedAt: businessProfiles.updatedAt })
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, userId)),
    db
      .select({
        directorId: directorTrainings.directorId,
        answers: directorTrainings.answers,
        trainedAt: directorTrainings.trainedAt,
      })
      .from(directorTrainings)
      .where(eq(directorTrainings.userId, userId)),
    db
      .select({
        directorId: rememberedFacts.directorId,
        onlyDirector: rememberedFacts.onlyDirector,
        keyFact: rememberedFacts.keyFact,
        date: rememberedFacts.factDate,
        statement: rememberedFacts.statement,
      })
      .from(rememberedFacts)
      .where(and(eq(rememberedFacts.userId, userId), eq(rememberedFacts.status, "kept"))),
    options.passages ? readKeyFactPassages(db, userId) : [],
  ]);
  return {
    profile: profile ? { answers: profile.answers, updatedAt: profile.updatedAt.toISOString() } : null,
    trainings: trainings.map((row) => ({
      directorId: row.directorId as DirectorId,
      answers: row.answers,
      trainedAt: row.trainedAt.toISOString(),
    })),
    facts,
    passages,
  };
}

/**
 * One director's key facts as the owner has covered them: its own training,
 * the profile, the kept facts it uses (every director's, and its own) and
 * the knowledge passages it reads.
 * `extraFacts` count as well (facts just noted, before the owner keeps them).
 */
export function knowledgeOf(
  directorId: DirectorId,
  sources: KnowledgeSources,
  now: Date,
  extraFacts: KnowledgeSources["facts"] = [],
): DirectorKnowledge {
  const training = sources.trainings.find((row) => row.directorId === directorId);
  return directorKnowledge(
    directorId,
    {
      profile: sources.profile,
      training: training ? { answers: training.answers, trainedAt: training.trainedAt } : null,
      facts: [...sources.facts, ...extraFacts].filter((fact) => !fact.onlyDirector || fact.directorId === directorId),
      passages: sources.passages.filter((passage) => !passage.directorIds || passage.directorIds.includes(directorId)),
    },
    now,
  );
}

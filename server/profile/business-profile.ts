import { eq, sql } from "drizzle-orm";
import type { OnboardingData, OnboardingFieldName } from "../../shared/onboarding";
import type { Database } from "../db/client";
import { businessProfiles } from "../db/schema";

/** The owner's business profile from onboarding: the context every director starts from. */
export async function getBusinessProfile(db: Database, userId: string): Promise<OnboardingData | undefined> {
  const [row] = await db
    .select({ answers: businessProfiles.answers })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId));
  return row?.answers;
}

/** Stores the ten validated answers, replacing any earlier ones. */
export async function saveBusinessProfile(
  db: Database,
  userId: string,
  answers: OnboardingData,
  now: Date,
): Promise<OnboardingData> {
  await db
    .insert(businessProfiles)
    .values({ userId, answers, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: businessProfiles.userId, set: { answers, updatedAt: now } });
  return answers;
}

/**
 * Changes one answer of a stored profile in a single statement, so two edits
 * of different answers never undo each other. Returns the whole profile, or
 * undefined when there is none to change.
 */
export async function saveBusinessAnswer(
  db: Database,
  userId: string,
  answer: { field: OnboardingFieldName; value: string },
  now: Date,
): Promise<OnboardingData | undefined> {
  const [row] = await db
    .update(businessProfiles)
    .set({
      answers: sql`${businessProfiles.answers} || jsonb_build_object(${answer.field}::text, ${answer.value}::text)`,
      updatedAt: now,
    })
    .where(eq(businessProfiles.userId, userId))
    .returning({ answers: businessProfiles.answers });
  return row?.answers;
}

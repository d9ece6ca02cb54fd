import { eq } from "drizzle-orm";
import type { OnboardingData } from "../../../shared/onboarding";
import type { Database } from "../../db/client";
import { businessProfiles } from "../../db/schema";

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

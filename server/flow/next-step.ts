import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { businessProfiles, directorTrainings, subscriptions } from "../db/schema";

/**
 * Where a signed-in user goes when nothing else says where: the first step of
 * plan → onboarding → director → chat that they have not done yet.
 */
export async function nextStepFor(db: Database, userId: string): Promise<string> {
  const [plan] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!plan) return "/subscription";
  const [profile] = await db
    .select({ userId: businessProfiles.userId })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId));
  if (!profile) return "/onboarding";
  const [trained] = await db
    .select({ directorId: directorTrainings.directorId })
    .from(directorTrainings)
    .where(eq(directorTrainings.userId, userId))
    .limit(1);
  if (!trained) return "/select-department";
  return "/chat";
}

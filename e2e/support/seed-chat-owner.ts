import { emptyOnboardingData } from "#shared/onboarding";
import { TRAINING_QUESTIONS } from "#shared/training";
import { businessProfiles, directorTrainings, subscriptions } from "../../server/db/schema";
import type { AppDeps } from "../../server/deps";

const DAY_MS = 24 * 60 * 60 * 1000;

export type ChatOwnerOptions = { plan?: "free-trial" | "standard" | "premium"; trialEndsAt?: Date; train?: boolean };

/** Gives a signed-up owner what the chat needs: a plan, a business profile and (unless `train: false`) Martha trained. */
export async function seedChatOwner(db: AppDeps["db"], userId: string, options: ChatOwnerOptions = {}) {
  const now = new Date();
  const plan = options.plan ?? "premium";
  await db.insert(subscriptions).values({
    userId,
    planId: plan,
    chosenAt: now,
    trialStartedAt: plan === "free-trial" ? now : null,
    trialEndsAt: plan === "free-trial" ? (options.trialEndsAt ?? new Date(now.getTime() + 7 * DAY_MS)) : null,
  });
  await db.insert(businessProfiles).values({
    userId,
    answers: { ...emptyOnboardingData(), businessName: "Bright Bean Coffee", industry: "Specialty coffee" },
  });
  if (options.train !== false) {
    const answers = Object.fromEntries(TRAINING_QUESTIONS.martha.map((q) => [q.name, `Our answer about ${q.name}`]));
    await db.insert(directorTrainings).values({ userId, directorId: "martha", answers, trainedAt: now });
  }
}

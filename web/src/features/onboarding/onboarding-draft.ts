import { emptyOnboardingData, ONBOARDING_STEPS, type OnboardingData } from "#shared/onboarding";
import { stepDraftStore } from "../../lib/step-draft";

/**
 * The onboarding draft: one per user (the spec's onboardingData key, followed
 * by the user id); cleared once the server has stored the profile.
 */
export function onboardingDraft(userId: string) {
  return stepDraftStore<OnboardingData>({
    key: `onboardingData:${userId}`,
    steps: ONBOARDING_STEPS,
    empty: emptyOnboardingData,
  });
}

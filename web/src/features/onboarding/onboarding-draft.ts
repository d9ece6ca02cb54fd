import {
  emptyOnboardingData,
  ONBOARDING_FIELDS,
  ONBOARDING_STEPS,
  type OnboardingData,
} from "../../../../shared/onboarding";

/**
 * The unsaved onboarding answers, kept in this browser as the owner types so a
 * reload or a closed tab loses nothing. One draft per user (the spec's
 * onboardingData key, followed by the user id); cleared once the server has
 * stored the profile.
 */
export type OnboardingDraft = { step: number; values: OnboardingData };

const draftKey = (userId: string) => `onboardingData:${userId}`;

export function loadDraft(userId: string): OnboardingDraft | undefined {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { step?: unknown; values?: Record<string, unknown> };
    const values = emptyOnboardingData();
    for (const field of ONBOARDING_FIELDS) {
      const value = parsed.values?.[field.name];
      if (typeof value === "string") values[field.name] = value;
    }
    const step = typeof parsed.step === "number" && Number.isInteger(parsed.step) ? parsed.step : 1;
    return { step: Math.min(Math.max(step, 1), ONBOARDING_STEPS), values };
  } catch {
    // Storage blocked or a damaged draft: start from the server's answers instead.
    return undefined;
  }
}

export function saveDraft(userId: string, draft: OnboardingDraft) {
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, only the reload safety net is missing.
  }
}

export function clearDraft(userId: string) {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // Nothing to clear when storage is blocked.
  }
}

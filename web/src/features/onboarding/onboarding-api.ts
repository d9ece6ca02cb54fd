import { useQuery } from "@tanstack/react-query";
import type { OnboardingAnswerInput, OnboardingData } from "#shared/onboarding";
import type { WebsiteDraft, WebsiteDraftRequest } from "#shared/website-draft";
import { api } from "../../lib/api";

export type OnboardingResponse = { profile: OnboardingData | null };

export const ONBOARDING_QUERY_KEY = ["onboarding"] as const;

/** The stored business profile, or null before onboarding was completed. */
export function useBusinessProfile() {
  return useQuery({
    queryKey: ONBOARDING_QUERY_KEY,
    queryFn: () => api<OnboardingResponse>("/api/onboarding"),
    // A stale copy would overwrite newer answers in the form.
    staleTime: 0,
  });
}

export function saveBusinessProfile(values: OnboardingData) {
  return api<OnboardingResponse>("/api/onboarding", { method: "PUT", body: values });
}

/** One answer changed in place (Settings); the whole stored profile comes back. */
export function saveBusinessAnswer(answer: OnboardingAnswerInput) {
  return api<OnboardingResponse>("/api/onboarding", { method: "PATCH", body: answer });
}

/** The ten answers drafted from the owner's website; nothing is stored. Stopped with `signal`. */
export function draftFromWebsite(input: WebsiteDraftRequest, signal: AbortSignal) {
  return api<WebsiteDraft>("/api/onboarding/website-draft", { body: input, signal });
}

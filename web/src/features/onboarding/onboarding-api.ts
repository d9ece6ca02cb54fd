import { useQuery } from "@tanstack/react-query";
import type { OnboardingData } from "../../../../shared/onboarding";
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

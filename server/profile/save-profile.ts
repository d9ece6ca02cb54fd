import type { OnboardingData, OnboardingFieldName } from "../../shared/onboarding";
import { markContextsOwed } from "../ai/context-index";
import { queueContextIndex } from "../ai/index-context-job";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { saveBusinessAnswer, saveBusinessProfile } from "./business-profile";

/** Stores all ten answers of the owner's business profile, then asks for the directors' contexts to follow. */
export async function saveProfile(
  deps: AppDeps,
  userId: string,
  answers: OnboardingData,
  log: Logger,
): Promise<OnboardingData> {
  const profile = await saveBusinessProfile(deps.db, userId, answers, deps.now());
  await refreshContext(deps, log, userId);
  return profile;
}

/** Changes one answer of the stored profile (404 when there is none yet), then asks for the contexts to follow. */
export async function saveProfileAnswer(
  deps: AppDeps,
  userId: string,
  answer: { field: OnboardingFieldName; value: string },
  log: Logger,
): Promise<OnboardingData> {
  const profile = await saveBusinessAnswer(deps.db, userId, answer, deps.now());
  if (!profile) throw new AppError("not_found:profile");
  await refreshContext(deps, log, userId);
  return profile;
}

/**
 * Every trained director's context starts from the profile, so each is marked
 * as owing a new index and a background job rebuilds them; saving does not
 * wait for it. The profile is already stored and goes with every chat
 * question as it is, so a failure here does not fail the save: the directors
 * stay marked, and their next training submit asks again.
 */
async function refreshContext(deps: AppDeps, log: Logger, userId: string) {
  if (!deps.env.CONTEXT_ENABLED) return;
  try {
    const owed = await markContextsOwed(deps.db, userId);
    if (owed.length > 0) await queueContextIndex(deps, userId);
  } catch (error) {
    log.warn({ err: error, userId }, "asking for the context re-index after onboarding failed; it stays owed");
  }
}

import { Hono } from "hono";
import { type OnboardingData, onboardingAnswerSchema, onboardingSchema } from "../../../shared/onboarding";
import { markContextsOwed } from "../../ai/context-index";
import { queueContextIndex } from "../../ai/index-context-job";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { getBusinessProfile, saveBusinessAnswer, saveBusinessProfile } from "../../profile/business-profile";
import { draftFromWebsite } from "../../profile/website-draft";

export type OnboardingResponse = { profile: OnboardingData | null };

/**
 * The signed-in user's business profile: read it, store all ten answers at
 * once, or change one of them; and draft the ten answers from their website
 * (nothing stored).
 */
export function onboardingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => {
      const profile = await getBusinessProfile(deps.db, c.get("user").id);
      return c.json<OnboardingResponse>({ profile: profile ?? null });
    })
    .put("/", async (c) => {
      const answers = await readJson(c, onboardingSchema, "validation:onboarding");
      const userId = c.get("user").id;
      const profile = await saveBusinessProfile(deps.db, userId, answers, deps.now());
      await refreshContext(deps, c.get("log"), userId);
      return c.json<OnboardingResponse>({ profile });
    })
    .patch("/", async (c) => {
      const answer = await readJson(c, onboardingAnswerSchema, "validation:onboarding");
      const userId = c.get("user").id;
      const profile = await saveBusinessAnswer(deps.db, userId, answer, deps.now());
      if (!profile) throw new AppError("not_found:profile");
      await refreshContext(deps, c.get("log"), userId);
      return c.json<OnboardingResponse>({ profile });
    })
    .post("/website-draft", (c) => draftFromWebsite(c, deps));
}

/**
 * Every trained director's context starts from the profile, so each is marked
 * as owing a new index and a background job rebuilds them; saving does not
 * wait for it. The profile is already stored and goes with every chat
 * question as it is, so a failure here does not fail the save: the directors
 * stay marked, and their next training submit asks again.
 */
async function refreshContext(deps: AppDeps, log: AppEnv["Variables"]["log"], userId: string) {
  if (!deps.env.CONTEXT_ENABLED) return;
  try {
    const owed = await markContextsOwed(deps.db, userId);
    if (owed.length > 0) await queueContextIndex(deps, userId);
  } catch (error) {
    log.warn({ err: error, userId }, "asking for the context re-index after onboarding failed; it stays owed");
  }
}

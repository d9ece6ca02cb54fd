import { Hono } from "hono";
import { type OnboardingData, onboardingAnswerSchema, onboardingSchema } from "../../../shared/onboarding";
import { reindexUserContexts } from "../../ai/context-index";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { getBusinessProfile, saveBusinessAnswer, saveBusinessProfile } from "./business-profile";

export type OnboardingResponse = { profile: OnboardingData | null };

/** The signed-in user's business profile: read it, store all ten answers at once, or change one of them. */
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
    });
}

/**
 * Every trained director's context starts from the profile, so it is rebuilt
 * now. The profile is already stored and goes with every chat question as it
 * is, so a failure here does not fail the save: the directors stay marked as
 * owing an index, which their next training submit catches up on.
 */
async function refreshContext(deps: AppDeps, log: AppEnv["Variables"]["log"], userId: string) {
  try {
    await reindexUserContexts({ ...deps, log }, userId);
  } catch (error) {
    log.warn({ err: error, userId }, "context re-index after onboarding failed; it stays owed");
  }
}

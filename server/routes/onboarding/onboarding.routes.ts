import { Hono } from "hono";
import { type OnboardingData, onboardingAnswerSchema, onboardingSchema } from "../../../shared/onboarding";
import { websiteDraftRequestSchema } from "../../../shared/website-draft";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { getBusinessProfile } from "../../profile/business-profile";
import { saveProfile, saveProfileAnswer } from "../../profile/save-profile";
import { draftFromWebsite } from "../../profile/website-draft";

export type OnboardingResponse = { profile: OnboardingData | null };

/**
 * The signed-in user's business profile: read it, store all ten answers at
 * once, or change one of them; and draft the ten answers from their website
 * (POST /website-draft {url}; nothing stored).
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
      const profile = await saveProfile(deps, c.get("user").id, answers, c.get("log"));
      return c.json<OnboardingResponse>({ profile });
    })
    .patch("/", async (c) => {
      const answer = await readJson(c, onboardingAnswerSchema, "validation:onboarding");
      const profile = await saveProfileAnswer(deps, c.get("user").id, answer, c.get("log"));
      return c.json<OnboardingResponse>({ profile });
    })
    .post("/website-draft", async (c) => {
      const { url } = await readJson(c, websiteDraftRequestSchema, "validation:onboarding");
      const request = { userId: c.get("user").id, url, log: c.get("log"), signal: c.req.raw.signal };
      return c.json(await draftFromWebsite(deps, request));
    });
}

import { Hono } from "hono";
import { DEMO_POSTER_PATH, DEMO_VIDEO_PATH } from "../../../shared/demo-video";
import type { PublicConfig } from "../../../shared/public-config";
import { parseVideoSource } from "../../../shared/video-source";
import type { AppEnv } from "../../app-env";
import type { AppDeps } from "../../deps";

/** The short whitelist of configuration the browser may see. */
export function configRoutes(deps: AppDeps) {
  const { env, ai } = deps;
  const config: PublicConfig = {
    contextEnabled: env.CONTEXT_ENABLED,
    aiConfigured: ai.configured,
    availableDirectors: env.AVAILABLE_DIRECTORS,
    contactEmail: env.CONTACT_EMAIL,
    demoVideo: parseVideoSource(env.DEMO_VIDEO_URL ?? DEMO_VIDEO_PATH),
    demoPosterUrl: env.DEMO_VIDEO_URL ? null : DEMO_POSTER_PATH,
    passwordResetByEmail: deps.mail.configured,
    emailVerificationRequired: env.REQUIRE_EMAIL_VERIFICATION,
    billing: deps.billing !== undefined,
  };
  return new Hono<AppEnv>().get("/", (c) => c.json(config));
}

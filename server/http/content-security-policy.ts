import type { secureHeaders } from "hono/secure-headers";
import { parseVideoSource } from "../../shared/video-source";
import type { Env } from "../env";

type ContentSecurityPolicy = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>["contentSecurityPolicy"]>;

/**
 * What the app's pages may load: their own origin, and beyond it exactly the hosts a configured feature needs. An
 * answer can be steered by a document the owner imported, so nothing in it may make the browser reach another site
 * by itself: images come from this origin (or data: and blob: URLs, which go nowhere), never from another host. The
 * only other hosts are the landing page's demo video's when DEMO_VIDEO_URL names one: YouTube's or Vimeo's player
 * (after the visitor presses play), or the host of a video file.
 */
export function contentSecurityPolicy(env: Pick<Env, "DEMO_VIDEO_URL">): ContentSecurityPolicy {
  const video = parseVideoSource(env.DEMO_VIDEO_URL);
  const videoFileHost = video?.kind === "file" && /^https?:/.test(video.src) ? [new URL(video.src).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    mediaSrc: ["'self'", "blob:", ...videoFileHost],
    frameSrc: video?.kind === "embed" ? [new URL(video.embedUrl).origin] : ["'none'"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

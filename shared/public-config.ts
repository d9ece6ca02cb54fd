import type { DirectorId } from "./directors";
import type { VideoSource } from "./video-source";

/** What the server tells the browser about its configuration (GET /api/config). */
export type PublicConfig = {
  contextEnabled: boolean;
  aiConfigured: boolean;
  availableDirectors: DirectorId[];
  contactEmail: string;
  /**
   * The demo video as the server read it: our own recording, or what DEMO_VIDEO_URL names (a YouTube or Vimeo page,
   * or a video file); null when that is nothing a page can play.
   */
  demoVideo: VideoSource | null;
  /** The recording's poster frame; null when DEMO_VIDEO_URL names another video. */
  demoPosterUrl: string | null;
  /** SMTP is configured: "Forgot password?" sends an email; without it owners ask the person who runs Directors. */
  passwordResetByEmail: boolean;
  /** New accounts are asked to confirm their email address (REQUIRE_EMAIL_VERIFICATION). */
  emailVerificationRequired: boolean;
  /** Paid plans are paid through Stripe (STRIPE_SECRET_KEY); false: plans are chosen, not paid for. */
  billing: boolean;
};

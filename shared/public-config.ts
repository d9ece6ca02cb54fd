import type { DirectorId } from "./directors";

/** What the server tells the browser about its configuration (GET /api/config). */
export type PublicConfig = {
  contextEnabled: boolean;
  aiConfigured: boolean;
  availableDirectors: DirectorId[];
  contactEmail: string;
  /** A YouTube or Vimeo URL, or a path to a video file: our own recording unless DEMO_VIDEO_URL replaces it. */
  demoVideoUrl: string;
  /** The recording's poster frame; null when DEMO_VIDEO_URL names another video. */
  demoPosterUrl: string | null;
  /** SMTP is configured: "Forgot password?" sends an email; without it owners ask the person who runs Directors. */
  passwordResetByEmail: boolean;
  /** New accounts are asked to confirm their email address (REQUIRE_EMAIL_VERIFICATION). */
  emailVerificationRequired: boolean;
  /** Paid plans are paid through Stripe (STRIPE_SECRET_KEY); false: plans are chosen, not paid for. */
  billing: boolean;
};

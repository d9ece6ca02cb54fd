import type { DirectorId } from "./directors";
import type { OnboardingData } from "./onboarding";
import type { PlanId } from "./plans";

/** What the settings API returns (dates as ISO strings). */

/** GET /api/account: everything the settings screen shows about the signed-in owner. */
export type AccountOverview = {
  user: { id: string; name: string; email: string; createdAt: string };
  /** null before a plan is chosen. */
  plan: {
    id: PlanId;
    name: string;
    price: string;
    trialEndsAt: string | null;
    trialEnded: boolean;
    /** Whole days left in the free trial, rounded up; null when not on the trial. */
    trialDaysLeft: number | null;
  } | null;
  /** The ten onboarding answers; null before onboarding is completed. */
  profile: OnboardingData | null;
  directors: Array<{
    id: DirectorId;
    state: "trained" | "available" | "over_limit" | "unavailable";
    trainedAt: string | null;
  }>;
};

/** GET /api/settings/ai: what is configured, never a key or a URL with credentials. */
export type AiStatus = {
  chat: { configured: boolean; model: string | null };
  embedding: { configured: boolean; model: string | null };
  context: { enabled: boolean };
  /**
   * Search by meaning: on with pgvector in the database and an embedding model;
   * otherwise directors find the owner's context by full-text search alone.
   */
  vectorSearch: { on: boolean; reason: "no_pgvector" | "no_embedding_model" | null };
  /** The provider's host name, e.g. api.openai.com (no path, credentials or query); null when none is configured. */
  host: string | null;
};

/** GET /api/account/security: two-factor sign-in and the devices signed in to the account, most recent first. */
export type SecurityOverview = {
  twoFactorEnabled: boolean;
  sessions: Array<{
    id: string;
    /** "Chrome on macOS". */
    device: string;
    /** The address the device signed in from; null when unknown. */
    address: string | null;
    signedInAt: string;
    /** When the session was last used, to within SESSION_SEEN_EVERY_SECONDS (ten minutes). */
    lastSeenAt: string;
    /** The device asking. */
    current: boolean;
  }>;
};

/** POST /api/account/security/two-factor: what the authenticator app needs, shown once. */
export type TwoFactorSetup = { otpauthUrl: string; secret: string; backupCodes: string[] };

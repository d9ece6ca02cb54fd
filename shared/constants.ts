/** Business constants from the product spec, section 9. */

export const TRIAL_DAYS = 7;
export const MOBILE_BREAKPOINT_PX = 768;
export const DEFAULT_DIRECTOR_ID = "martha";

/** The spec shows the welcome message one second after a director is opened. */
export const WELCOME_MESSAGE_DELAY_MS = 1000;
/** The spec polled a run once per second, at most 30 times: 30 s before giving up. */
export const FIRST_TOKEN_TIMEOUT_MS = 30_000;

export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const CARD_STAGGER_SECONDS = 0.1;
export const SIDEBAR_SKELETON_ROWS = 3;

export const EMBEDDING_BATCH_SIZE = 512;
export const EMBEDDING_CONCURRENCY = 2;

export const RETRY_POLICY = {
  retries: 6,
  factor: 2,
  firstDelayMs: 1000,
  randomize: true,
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = 4000;

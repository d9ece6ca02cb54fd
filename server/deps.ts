import type { AiProvider } from "./ai/provider";
import type { Auth } from "./auth/auth";
import type { Sessions } from "./auth/sessions";
import type { BillingConfig } from "./billing/billing-config";
import type { AnswerHub } from "./chat/live-answer";
import type { Database, DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import type { JobRunner } from "./jobs/job-runner";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";

/** Everything a route needs, passed in so tests can supply their own database, clock and AI server. */
export type AppDeps = {
  env: Env;
  db: Database;
  database: DatabaseHandle;
  log: Logger;
  auth: Auth;
  /** The session check every protected route uses; see server/auth/sessions.ts. */
  sessions: Sessions;
  ai: AiProvider;
  /** Outgoing email (password reset, email confirmation); `configured` is false without SMTP_URL. */
  mail: Mailer;
  /** Chat answers being written, apart from the requests that asked for them. */
  answers: AnswerHub;
  /** Durable background jobs (server/jobs/job-runner.ts). */
  jobs: JobRunner<AppDeps>;
  now: () => Date;
  /** Stripe, when STRIPE_SECRET_KEY is set; undefined means plans are chosen, not paid for. */
  billing: BillingConfig | undefined;
};

import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, appSettings, sessions, twoFactors, users, verifications } from "../db/schema";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { emailConfirmationMessage, passwordResetMessage } from "../mail/messages";
import { CLIENT_ADDRESS_HEADER } from "./auth-headers";
import { storagesOffBetweenCalls } from "./auth-storage";
import { backupCodes } from "./readable-code";

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;
/** How often a session in use records that it was seen ("last seen" in Settings → Security) and is extended. */
export const SESSION_SEEN_EVERY_SECONDS = 60 * 10;
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;
export const EMAIL_CONFIRMATION_LINK_SECONDS = 60 * 60 * 24;

/**
 * Accounts, password hashing (scrypt), database sessions, password reset,
 * email confirmation and two-factor sign-in, by better-auth. Its HTTP handler
 * is never mounted: our endpoints under /api/auth and /api/account call its
 * server API (docs/decisions/0002-accounts-with-better-auth.md), whose context storages are off between its calls
 * (server/auth/auth-storage.ts).
 */
export function createAuth(db: Database, env: Env, secret: string, log: Logger, mail: Mailer) {
  const auth = betterAuth({
    appName: "Directors",
    secret,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
      // Sign-up (user, then password account, then session) and a password change (sessions, password, new
      // session) each commit whole or not at all: a failure halfway must not leave a user without a password.
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link opens our page, which sends the token to POST /api/auth/reset-password.
      sendResetPassword: async ({ user, token }) => {
        mail.send(passwordResetMessage(user.email, appLink(env, "/reset-password", token)), "password reset");
      },
    },
    emailVerification: {
      sendOnSignUp: env.REQUIRE_EMAIL_VERIFICATION,
      expiresIn: EMAIL_CONFIRMATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        mail.send(emailConfirmationMessage(user.email, appLink(env, "/verify-email", token)), "email confirmation");
      },
    },
    plugins: [
      twoFactor({
        issuer: "Directors",
        // An owner who turns it on proves the authenticator works before it is required.
        skipVerificationOnEnable: false,
        // A sign-in waiting for its code lasts ten minutes.
        twoFactorCookieMaxAge: 600,
        backupCodeOptions: { customBackupCodesGenerate: backupCodes },
      }),
    ],
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: SESSION_SEEN_EVERY_SECONDS },
    // Throttling is ours (server/http/rate-limit.ts), stored in the database for every process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its messages join our structured logs instead of the console. A failed sign-in is routine, not a warning.
    logger: {
      level: "warn",
      log: (level, message) => {
        if (level === "error") log.error({ source: "better-auth" }, message);
        else log.info({ source: "better-auth", severity: level }, message);
      },
    },
    advanced: {
      useSecureCookies: env.APP_URL.startsWith("https:"),
      // The address a session records is the one our server decided on (server/http/client-ip.ts), never a header
      // the client chose.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
  });
  auth.api = storagesOffBetweenCalls(auth.api);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

function appLink(env: Env, path: string, token: string): string {
  const url = new URL(path, env.APP_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * The session signing secret: AUTH_SECRET when configured, otherwise one
 * generated on first start and kept in the database so every process and every
 * restart agree on it.
 */
export async function resolveAuthSecret(db: Database, env: Env): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  await db
    .insert(appSettings)
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  if (!row) throw new Error("Could not read the session secret from the database.");
  return row.value;
}

import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, appSettings, sessions, users, verifications } from "../db/schema";
import type { Env } from "../env";
import type { Logger } from "../logger";

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

/** Accounts, password hashing (scrypt) and database sessions, by better-auth. */
export function createAuth(db: Database, env: Env, secret: string, log: Logger) {
  return betterAuth({
    appName: "Directors",
    secret,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { expiresIn: SESSION_TTL_SECONDS },
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
    advanced: { useSecureCookies: env.APP_URL.startsWith("https:") },
  });
}

export type Auth = ReturnType<typeof createAuth>;

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

import { and, desc, eq, gt } from "drizzle-orm";
import type { SecurityOverview } from "../../shared/settings";
import type { Database } from "../db/client";
import { sessions as sessionRows, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { describeDevice } from "./describe-device";

/**
 * Settings → Security: whether two-factor sign-in is on, and the devices signed in to the account, this one (the
 * session `headers` carry) first, then the others by their last use.
 */
export async function securityOverview(
  deps: Pick<AppDeps, "auth" | "db" | "now">,
  userId: string,
  headers: Headers,
): Promise<SecurityOverview> {
  const [current, [account], rows] = await Promise.all([
    deps.auth.api.getSession({ headers }),
    deps.db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)),
    deps.db
      .select()
      .from(sessionRows)
      .where(and(eq(sessionRows.userId, userId), gt(sessionRows.expiresAt, deps.now())))
      .orderBy(desc(sessionRows.updatedAt)),
  ]);
  return {
    twoFactorEnabled: account?.twoFactorEnabled ?? false,
    sessions: rows
      .sort((a, b) => Number(b.id === current?.session.id) - Number(a.id === current?.session.id))
      .map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        address: row.ipAddress || null,
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.updatedAt.toISOString(),
        current: row.id === current?.session.id,
      })),
  };
}

/** One of the owner's sessions, to sign out; another account's session is never found (404). */
export async function requireOwnSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<{ id: string; token: string }> {
  const [row] = await db
    .select({ id: sessionRows.id, token: sessionRows.token })
    .from(sessionRows)
    .where(and(eq(sessionRows.id, sessionId), eq(sessionRows.userId, userId)));
  if (!row) throw new AppError("not_found:session");
  return row;
}

import { getSessionCookie } from "better-auth/cookies";
import type { SessionUser } from "../app-env";
import type { Auth } from "./auth";

/**
 * How long a checked session is trusted without asking the database again.
 * Every request of a signed-in owner needs the session, and a chat turn is
 * meant to add almost nothing before the first token, so a recent check is
 * reused. Sign-out, password change, "sign out everywhere", a name change and
 * account deletion drop the user's entries at once in this process. Only the
 * embedded database keeps checks: it serves one process, so no other process
 * can end a session behind its back. On a PostgreSQL server shared by several
 * processes every request asks the database (a fast indexed read there), so
 * a session ended on one process ends on all at once
 * (docs/decisions/0008-session-check-cache.md).
 */
export const SESSION_CHECK_TTL_MS = 30_000;
/** Enough for every owner active in the last half minute; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

export type Sessions = {
  /** The signed-in user for these request headers, or undefined without a valid session. */
  user(headers: Headers): Promise<SessionUser | undefined>;
  /** Forget every checked session of this user: the next request asks the database. */
  forget(userId: string): void;
};

type Entry = { user: SessionUser; validUntil: number };

export function createSessions(auth: Auth, options: { ttlMs?: number; clock?: () => number } = {}): Sessions {
  const ttlMs = options.ttlMs ?? SESSION_CHECK_TTL_MS;
  const clock = options.clock ?? (() => performance.now());
  const checked = new Map<string, Entry>();

  return {
    async user(headers) {
      const token = getSessionCookie(headers);
      if (!token) return undefined;
      const cached = checked.get(token);
      if (cached && cached.validUntil > clock()) return cached.user;
      checked.delete(token);

      const session = await auth.api.getSession({ headers });
      if (!session) return undefined;
      const { id, name, email, emailVerified, createdAt } = session.user;
      const user = { id, name, email, emailVerified, createdAt };
      if (ttlMs <= 0) return user;
      const msLeft = session.session.expiresAt.getTime() - Date.now();
      checked.set(token, { user, validUntil: clock() + Math.min(ttlMs, msLeft) });
      if (checked.size > MAX_ENTRIES) checked.delete(checked.keys().next().value as string);
      return user;
    },
    forget(userId) {
      for (const [token, entry] of checked) {
        if (entry.user.id === userId) checked.delete(token);
      }
    },
  };
}

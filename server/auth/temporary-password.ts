import { eq } from "drizzle-orm";
import { twoFactors, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { readableCode } from "./readable-code";

/** Four groups of four: about 78 bits, and easy to type. */
export function temporaryPassword(): string {
  return readableCode(4, 4);
}

export type TemporaryPasswordResult = { found: false } | { found: true; password: string; twoFactorTurnedOff: boolean };

/**
 * For the person who runs Directors without email (`npm run
 * user:reset-password -- <email>`): sets a new random password on the account,
 * ends every session of it, and, when asked, turns two-factor sign-in off for
 * an owner who lost their phone and their backup codes.
 */
export async function setTemporaryPassword(
  deps: Pick<AppDeps, "auth" | "db">,
  email: string,
  options: { turnOffTwoFactor?: boolean } = {},
): Promise<TemporaryPasswordResult> {
  const context = await deps.auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return { found: false };
  const userId = found.user.id;
  const password = temporaryPassword();
  const hash = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(userId)) {
    await context.internalAdapter.updatePassword(userId, hash);
  } else {
    await context.internalAdapter.createAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: hash,
    });
  }
  await context.internalAdapter.deleteUserSessions(userId);
  if (options.turnOffTwoFactor) {
    await deps.db.transaction(async (tx) => {
      await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
      await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
    });
  }
  return { found: true, password, twoFactorTurnedOff: Boolean(options.turnOffTwoFactor) };
}

import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { verifications } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";

/**
 * Sets a new password through a reset link. better-auth deletes every session of the account; this process stops
 * trusting them at once. Returns the account's id when the link was known.
 */
export async function resetPassword(
  deps: Pick<AppDeps, "auth" | "db" | "sessions">,
  input: { token: string; newPassword: string },
): Promise<string | undefined> {
  const [link] = await deps.db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${input.token}`));
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    const code = error instanceof APIError ? String(error.body?.code ?? "") : "";
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") throw new AppError("auth:reset_link_invalid");
    throw error;
  }
  if (link) deps.sessions.forget(link.userId);
  return link?.userId;
}

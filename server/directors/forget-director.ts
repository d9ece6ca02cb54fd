import { and, eq } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { Database } from "../db/client";
import { contextPieces, conversations, directorTrainings, userContexts } from "../db/schema";

/**
 * Forgets one director: its training answers, its context and its conversations
 * with their messages. The business profile and the other directors stay.
 */
export async function forgetDirector(db: Database, userId: string, directorId: DirectorId): Promise<void> {
  await db.transaction(async (tx) => {
    // Messages go with their conversation (ON DELETE CASCADE).
    await tx
      .delete(conversations)
      .where(and(eq(conversations.userId, userId), eq(conversations.directorId, directorId)));
    await tx
      .delete(contextPieces)
      .where(and(eq(contextPieces.userId, userId), eq(contextPieces.department, directorId)));
    await tx.delete(userContexts).where(and(eq(userContexts.userId, userId), eq(userContexts.department, directorId)));
    await tx
      .delete(directorTrainings)
      .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId)));
  });
}

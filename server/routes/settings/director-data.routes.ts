import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { isDirectorId } from "../../../shared/directors";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { contextPieces, conversations, directorTrainings, userContexts } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";

/**
 * DELETE /api/settings/directors/:id/training: forgets one director — its
 * training answers, its context and its conversations with their messages.
 * The business profile and the other directors stay.
 */
export function directorDataRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireUser(deps.sessions)).delete("/:id/training", async (c) => {
    const directorId = c.req.param("id");
    if (!isDirectorId(directorId)) throw new AppError("not_found:director");
    const userId = c.get("user").id;
    await deps.db.transaction(async (tx) => {
      // Messages go with their conversation (ON DELETE CASCADE).
      await tx
        .delete(conversations)
        .where(and(eq(conversations.userId, userId), eq(conversations.directorId, directorId)));
      await tx
        .delete(contextPieces)
        .where(and(eq(contextPieces.userId, userId), eq(contextPieces.department, directorId)));
      await tx
        .delete(userContexts)
        .where(and(eq(userContexts.userId, userId), eq(userContexts.department, directorId)));
      await tx
        .delete(directorTrainings)
        .where(and(eq(directorTrainings.userId, userId), eq(directorTrainings.directorId, directorId)));
    });
    return c.json({ ok: true });
  });
}

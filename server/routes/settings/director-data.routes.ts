import { Hono } from "hono";
import { isDirectorId } from "../../../shared/directors";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { forgetDirector } from "../../directors/forget-director";
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
    await forgetDirector(deps.db, c.get("user").id, directorId);
    return c.json({ ok: true });
  });
}

import { Hono } from "hono";
import type { TrainingResultResponse, TrainingStatusResponse } from "../../../shared/director-states";
import { type DirectorId, isDirectorId } from "../../../shared/directors";
import { trainingSchema } from "../../../shared/training";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { requireDirectorAccess } from "../../directors/director-access";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { readTraining } from "../../training/stored-training";
import { submitTraining } from "../../training/submit-training";

/**
 * GET /api/training/:directorId: the stored answers (to pre-fill training again).
 * POST /api/training/:directorId: complete training with ten answers.
 * Both answer 404 for an unknown director, 402 without an active plan, and 403
 * for a director this server does not offer or the plan does not include.
 */
export function trainingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/:directorId", async (c) => {
      const directorId = directorIdParam(c.req.param("directorId"));
      const userId = c.get("user").id;
      const { state } = await requireDirectorAccess(deps, userId, directorId);
      const row = await readTraining(deps.db, userId, directorId);
      const body: TrainingStatusResponse = {
        directorId,
        state,
        answers: row?.answers ?? null,
        trainedAt: row?.trainedAt.toISOString() ?? null,
        indexedAt: row?.indexedAt?.toISOString() ?? null,
      };
      return c.json(body);
    })
    .post("/:directorId", async (c) => {
      const directorId = directorIdParam(c.req.param("directorId"));
      const userId = c.get("user").id;
      // Refuse what the plan does not allow before looking at the answers.
      await requireDirectorAccess(deps, userId, directorId);
      const answers = await readJson(c, trainingSchema(directorId), "validation:training");
      const result = await submitTraining(deps, { userId, directorId, answers });
      const body: TrainingResultResponse = {
        directorId,
        trainedAt: result.trainedAt.toISOString(),
        indexed: result.indexed,
        contextEnabled: deps.env.CONTEXT_ENABLED,
      };
      return c.json(body);
    });
}

function directorIdParam(value: string): DirectorId {
  if (!isDirectorId(value)) throw new AppError("not_found:director");
  return value;
}

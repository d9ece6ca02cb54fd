import { Hono } from "hono";
import { scheduleChangeSchema, scheduleInputSchema } from "../../../shared/schedules";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { changeSchedule, createSchedule, deleteSchedule, listSchedules, markRunSeen } from "../../schedules/schedules";
import { idParam } from "../chat/id-param";

/**
 * /api/schedules: questions repeated every week or month ("Repeat weekly"), listed, paused, changed and deleted in
 * Settings, and their runs' conversations marked seen once opened. The signed-in owner's only.
 */
export function scheduleRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => c.json(await listSchedules(deps, c.get("user").id)))
    .post("/", async (c) => {
      const input = await readJson(c, scheduleInputSchema, "validation:schedule");
      return c.json(await createSchedule(deps, c.get("user").id, input), 201);
    })
    .patch("/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:schedule");
      const change = await readJson(c, scheduleChangeSchema, "validation:schedule");
      return c.json(await changeSchedule(deps, c.get("user").id, id, change));
    })
    .delete("/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:schedule");
      await deleteSchedule(deps, c.get("user").id, id);
      return c.json({ ok: true });
    })
    .post("/runs/:id/seen", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:schedule");
      await markRunSeen(deps, c.get("user").id, id);
      return c.json({ ok: true });
    });
}

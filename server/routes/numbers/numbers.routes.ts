import { Hono } from "hono";
import {
  checkInSchema,
  importPreviewSchema,
  type Metric,
  metricChangeSchema,
  metricInputSchema,
  numbersSettingsSchema,
} from "../../../shared/numbers";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { readNumbersSettings } from "../../db/metric-rows";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { discussBrief, latestBriefs } from "../../numbers/briefs";
import { recordCheckIn } from "../../numbers/check-in";
import { previewImport } from "../../numbers/import-preview";
import { deleteValue } from "../../numbers/metric-values";
import { changeMetric, createMetric, deleteMetric } from "../../numbers/metrics";
import { dueCount, numbersOverview } from "../../numbers/numbers-overview";
import { saveNumbersSettings } from "../../numbers/numbers-settings";
import { planBriefs } from "../../numbers/plan-briefs";
import { idParam } from "../chat/id-param";

/**
 * /api/numbers: the owner's metrics, their values by period, the check-in and the settings it runs on (time zone,
 * currency, reminders). Everything is the signed-in owner's only; another owner's metric is not found.
 */
export function numberRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => c.json(await numbersOverview(deps, c.get("user").id)))
    .get("/due", async (c) => c.json(await dueCount(deps, c.get("user").id)))
    .get("/settings", async (c) => c.json(await readNumbersSettings(deps.db, c.get("user").id)))
    .put("/settings", async (c) => {
      const change = await readJson(c, numbersSettingsSchema, "validation:numbers");
      return c.json(await saveNumbersSettings(deps.db, c.get("user").id, change, deps.now()));
    })
    .post("/metrics", async (c) => {
      const input = await readJson(c, metricInputSchema, "validation:numbers");
      return c.json<Metric>(await createMetric(deps, c.get("user").id, input), 201);
    })
    .patch("/metrics/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:metric");
      const change = await readJson(c, metricChangeSchema, "validation:numbers");
      return c.json<Metric>(await changeMetric(deps.db, c.get("user").id, id, change, deps.now()));
    })
    .delete("/metrics/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:metric");
      await deleteMetric(deps.db, c.get("user").id, id);
      return c.json({ ok: true });
    })
    .post("/check-ins", async (c) => {
      const input = await readJson(c, checkInSchema, "validation:numbers");
      const { saved } = await recordCheckIn(deps, c.get("user").id, input);
      // A completed check-in is what the week's briefs wait for: they are claimed and started now.
      await planBriefs(deps, c.get("user").id);
      return c.json({ saved }, 201);
    })
    .post("/imports/preview", async (c) => {
      const input = await readJson(c, importPreviewSchema, "validation:numbers");
      return c.json(await previewImport(deps, c.get("user").id, input));
    })
    .get("/briefs", async (c) => c.json(await latestBriefs(deps, c.get("user").id)))
    .post("/briefs/:id/discuss", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:brief");
      return c.json(await discussBrief(deps, c.get("user").id, id), 201);
    })
    .delete("/values/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:metric");
      if (!(await deleteValue(deps.db, c.get("user").id, id))) throw new AppError("not_found:metric");
      return c.json({ ok: true });
    });
}

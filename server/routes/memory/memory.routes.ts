import { Hono } from "hono";
import {
  factChangeSchema,
  keyFactAnswerSchema,
  memorySettingsSchema,
  newFactSchema,
  notNowSchema,
  type RememberedFact,
} from "../../../shared/memory";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { conversationMemory } from "../../memory/answer-memory";
import { deleteFact, saveKeepAutomatically } from "../../memory/facts";
import { memoryOverview } from "../../memory/memory-overview";
import { addOwnerFact, answerKeyFact, changeFact, hideKeyFactAsk } from "../../memory/owner-facts";
import { idParam } from "../chat/id-param";

/**
 * /api/memory: what the directors know. The overview for Settings, facts
 * added, kept, dismissed, edited and deleted, "Keep automatically", the
 * owner's one-tap answer to a director's ask and "Not now", and what each
 * answer of a conversation learned. Everything is the signed-in owner's only.
 */
export function memoryRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => c.json(await memoryOverview(deps, c.get("user").id)))
    .put("/settings", async (c) => {
      const { keepAutomatically } = await readJson(c, memorySettingsSchema, "validation:memory");
      await saveKeepAutomatically(deps.db, c.get("user").id, keepAutomatically, deps.now());
      return c.json({ keepAutomatically });
    })
    .post("/facts", async (c) => {
      const input = await readJson(c, newFactSchema, "validation:memory");
      return c.json<RememberedFact>(await addOwnerFact(deps, c.get("user").id, input), 201);
    })
    .patch("/facts/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:fact");
      const change = await readJson(c, factChangeSchema, "validation:memory");
      return c.json<RememberedFact>(await changeFact(deps, c.get("user").id, id, change));
    })
    .delete("/facts/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:fact");
      await deleteFact(deps.db, c.get("user").id, id);
      return c.json({ ok: true });
    })
    .post("/key-facts", async (c) => {
      const input = await readJson(c, keyFactAnswerSchema, "validation:memory");
      return c.json(await answerKeyFact(deps, c.get("user").id, input), 201);
    })
    .post("/key-facts/not-now", async (c) => {
      const input = await readJson(c, notNowSchema, "validation:memory");
      const until = await hideKeyFactAsk(deps, c.get("user").id, input.keyFact);
      return c.json({ hiddenUntil: until.toISOString() });
    })
    .get("/conversations/:id", async (c) => {
      const id = idParam(c.req.param("id"), "not_found:conversation");
      return c.json(await conversationMemory(deps, c.get("user").id, id));
    });
}

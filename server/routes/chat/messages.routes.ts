import { Hono } from "hono";
import { answerFeedbackSchema } from "../../../shared/chat";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { findMessage } from "../../chat/conversations";
import { rateAnswer, showVersion } from "../../chat/message-actions";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { idParam } from "./id-param";

/** What an owner does with one message: stop an answer being written, rate it, show another version. */
export function messageRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .post("/:id/stop", async (c) => {
      const user = c.get("user");
      const message = await findMessage(db, user.id, idParam(c.req.param("id"), "not_found:api"));
      if (message?.sender !== "ai") throw new AppError("not_found:api");
      if (message.status === "streaming") await deps.answers.requestStop(message.id);
      return c.json({ ok: true });
    })
    .put("/:id/feedback", async (c) => {
      const user = c.get("user");
      const input = await readJson(c, answerFeedbackSchema, "validation:request");
      const row = await rateAnswer(db, user.id, idParam(c.req.param("id"), "not_found:api"), input, deps.now());
      return c.json(row);
    })
    .post("/:id/show", async (c) => {
      const user = c.get("user");
      return c.json(await showVersion(db, user.id, idParam(c.req.param("id"), "not_found:api")));
    });
}

import { Hono } from "hono";
import { boardContinueSchema } from "../../../shared/board";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { followMeeting, readMeeting, stopMeeting } from "../../board/board-meeting";
import { boardOverview } from "../../board/board-overview";
import { continueInChat } from "../../board/continue-in-chat";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { idParam } from "../chat/id-param";
import { handleBoardQuestion, handleBoardRetry } from "./board-question";

/**
 * The board meeting: who can sit and what a question costs, a question (a
 * new meeting or a follow-up) answered by every director at once with a
 * memo, reading a meeting, following what it is still writing, Stop, Retry,
 * and carrying it into a one-to-one chat. Rename, delete, search, export and
 * sharing are the history's (/api/conversations), where meetings sit beside chats.
 */
export function boardRoutes(deps: AppDeps) {
  const meetingId = (c: { req: { param(name: "id"): string } }) => idParam(c.req.param("id"), "not_found:conversation");
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => c.json(await boardOverview(deps, c.get("user").id)))
    .post("/meetings", (c) => handleBoardQuestion(c, deps))
    .get("/meetings/:id", async (c) => c.json(await readMeeting(deps, c.get("user").id, meetingId(c))))
    .get("/meetings/:id/stream", async (c) => {
      const followed = await followMeeting(deps, {
        userId: c.get("user").id,
        meetingId: meetingId(c),
        log: c.get("log"),
      });
      return followed ?? c.body(null, 204);
    })
    .post("/meetings/:id/retry", (c) => handleBoardRetry(c, deps))
    .post("/meetings/:id/stop", async (c) => {
      await stopMeeting(deps, c.get("user").id, meetingId(c));
      return c.json({ ok: true });
    })
    .post("/meetings/:id/continue", async (c) => {
      const { directorId } = await readJson(c, boardContinueSchema, "validation:board");
      return c.json(await continueInChat(deps, { userId: c.get("user").id, meetingId: meetingId(c), directorId }));
    });
}

import { Hono } from "hono";
import { type ChatHistory, chatTurnSchema } from "../../../shared/chat";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { runChatTurn } from "../../chat/chat-turn";
import {
  clearConversation,
  conversationMessages,
  currentConversation,
  requireConversation,
  toSummary,
} from "../../chat/conversations";
import type { AppDeps } from "../../deps";
import { requireDirector, requireDirectorAccess } from "../../directors/director-access";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { markConversationSeen } from "../../schedules/schedules";
import { idParam } from "./id-param";

/**
 * The chat with a director: open a conversation (the current one, or
 * ?conversation=id), one streamed turn, and "Clear conversation". The history
 * list and what can be done with a conversation are /api/conversations.
 */
export function chatRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/:directorId", async (c) => {
      const user = c.get("user");
      const { director, state } = await requireDirectorAccess(deps, user.id, c.req.param("directorId"));
      const asked = c.req.query("conversation");
      const conversation = asked
        ? await requireConversation(db, user.id, idParam(asked, "not_found:conversation"))
        : await currentConversation(db, user.id, director.id);
      if (conversation && conversation.directorId !== director.id) {
        throw new AppError("not_found:conversation");
      }
      // Shown to the owner is opened: a scheduled answer in it stops being flagged as new.
      if (conversation) await markConversationSeen(deps, user.id, conversation.id);
      const body: ChatHistory = {
        directorId: director.id,
        trained: state === "trained",
        conversation: conversation ? toSummary(conversation) : null,
        messages: conversation ? await conversationMessages(db, user.id, conversation.id, deps.now()) : [],
      };
      return c.json(body);
    })
    .post("/:directorId/messages", async (c) => {
      const turn = await readJson(c, chatTurnSchema, "validation:chat");
      const director = requireDirector(c.req.param("directorId") ?? "");
      return runChatTurn(deps, {
        user: c.get("user"),
        log: c.get("log"),
        receivedAt: c.get("receivedAt"),
        director,
        turn,
      });
    })
    .post("/:directorId/clear", async (c) => {
      const user = c.get("user");
      const { director } = await requireDirectorAccess(deps, user.id, c.req.param("directorId"));
      await clearConversation(db, user.id, director.id, deps.now());
      return c.json({ ok: true });
    });
}

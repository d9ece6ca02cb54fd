import { Hono } from "hono";
import type { ChatHistory } from "../../../shared/chat";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { requireDirectorAccess } from "../directors/director-access";
import { handleChatTurn } from "./chat-turn";
import { clearConversation, conversationMessages, findActiveConversation, toChatMessage } from "./conversations";

/**
 * The chat with a director: the active conversation, one streamed turn, and
 * "Clear conversation". The sidebar's director list is GET /api/directors.
 */
export function chatRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/:directorId", async (c) => {
      const user = c.get("user");
      const { director, state } = await requireDirectorAccess(deps, user.id, c.req.param("directorId"));
      const conversation = await findActiveConversation(db, user.id, director.id);
      const rows = conversation ? await conversationMessages(db, user.id, conversation.id) : [];
      const body: ChatHistory = {
        directorId: director.id,
        trained: state === "trained",
        messages: rows.map(toChatMessage),
      };
      return c.json(body);
    })
    .post("/:directorId/messages", (c) => handleChatTurn(c, deps))
    .post("/:directorId/clear", async (c) => {
      const user = c.get("user");
      const { director } = await requireDirectorAccess(deps, user.id, c.req.param("directorId"));
      await clearConversation(db, user.id, director.id, deps.now());
      return c.json({ ok: true });
    });
}

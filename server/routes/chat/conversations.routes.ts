import { Hono } from "hono";
import { conversationTitleSchema, searchQuerySchema } from "../../../shared/chat";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { answerResponse, liveFeed, remoteFeed } from "../../chat/answer-stream";
import {
  conversationMessages,
  deleteConversation,
  lastAnswer,
  listConversations,
  purgeDeleted,
  renameConversation,
  requireConversation,
  restoreConversation,
  shownStatus,
  toSummary,
} from "../../chat/conversations";
import {
  attachmentHeader,
  dateFormatter,
  exportedConversation,
  fileNameFor,
  toMarkdown,
} from "../../chat/export-conversation";
import { searchMessages } from "../../chat/search-messages";
import { shareConversation } from "../../chat/shares";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { idParam } from "./id-param";

/**
 * The owner's conversations with every director: the history list, search,
 * rename, delete (with Undo), reading an answer still being written, export
 * and sharing. Every id in a URL is checked against the signed-in owner.
 */
export function conversationRoutes(deps: AppDeps) {
  const { db } = deps;
  const conversationOf = (c: { req: { param(name: "id"): string } }, userId: string) =>
    requireConversation(db, userId, idParam(c.req.param("id"), "not_found:conversation"));

  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => {
      const user = c.get("user");
      await purgeDeleted(db, user.id, deps.now());
      return c.json({ conversations: await listConversations(db, user.id) });
    })
    .get("/search", async (c) => {
      const parsed = searchQuerySchema.safeParse({ q: c.req.query("q") ?? "" });
      if (!parsed.success) return c.json({ hits: [] });
      return c.json({ hits: await searchMessages(db, c.get("user").id, parsed.data.q) });
    })
    .patch("/:id", async (c) => {
      const user = c.get("user");
      const { title } = await readJson(c, conversationTitleSchema, "validation:conversation");
      const conversation = await conversationOf(c, user.id);
      return c.json(await renameConversation(db, user.id, conversation.id, title));
    })
    .delete("/:id", async (c) => {
      const user = c.get("user");
      const conversation = await conversationOf(c, user.id);
      await deleteConversation(db, user.id, conversation.id, deps.now());
      return c.json({ ok: true });
    })
    .post("/:id/restore", async (c) => {
      const user = c.get("user");
      const id = idParam(c.req.param("id"), "not_found:conversation");
      return c.json(await restoreConversation(db, user.id, id, deps.now()));
    })
    .get("/:id/stream", async (c) => {
      // The answer this conversation is writing, from its first word; 204 when none is being written.
      const user = c.get("user");
      const conversation = await conversationOf(c, user.id);
      const answer = await lastAnswer(db, user.id, conversation.id);
      if (!answer || shownStatus(answer.status, answer.updatedAt, deps.now()) !== "streaming") return c.body(null, 204);
      const metadata = {
        messageId: answer.id,
        conversationId: conversation.id,
        questionId: answer.replyTo,
        createdAt: answer.createdAt.toISOString(),
      };
      const live = deps.answers.local(answer.id);
      if (live) return answerResponse(liveFeed(live, metadata));
      if (!deps.answers.shared) return c.body(null, 204);
      return answerResponse(
        remoteFeed({ ...deps, log: c.get("log") }, { messageId: answer.id, userId: user.id, metadata }),
      );
    })
    .get("/:id/export", async (c) => {
      const user = c.get("user");
      const conversation = await conversationOf(c, user.id);
      const format = c.req.query("format") === "pdf" ? "pdf" : "md";
      const document = exportedConversation(
        toSummary(conversation),
        await conversationMessages(db, user.id, conversation.id, deps.now()),
        deps.now(),
      );
      const formatDate = dateFormatter(c.req.query("tz"));
      const fileName = fileNameFor(document.title, format);
      c.header("Content-Disposition", attachmentHeader(fileName));
      c.header("Cache-Control", "no-store");
      if (format === "md") {
        c.header("Content-Type", "text/markdown; charset=utf-8");
        return c.body(toMarkdown(document, formatDate));
      }
      c.header("Content-Type", "application/pdf");
      // pdfmake and its fonts load with the first PDF export, not at start.
      const { toPdf } = await import("../../chat/export-pdf");
      return c.body(new Uint8Array(await toPdf(document, formatDate)));
    })
    .post("/:id/share", async (c) => {
      const user = c.get("user");
      const conversation = await conversationOf(c, user.id);
      return c.json(await shareConversation(db, user.id, conversation.id, deps.now()));
    });
}

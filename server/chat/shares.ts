import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { withoutCitations } from "../../shared/answer-sources";
import type { AnswerAuthor, ConversationShare, SharedConversation } from "../../shared/chat";
import type { DirectorId } from "../../shared/directors";
import type { Database } from "../db/client";
import { conversationShares, conversations } from "../db/schema";
import { AppError } from "../http/app-error";
import { deleteOrNotFound } from "../http/delete-or-not-found";
import { visibleThread } from "./conversations";

/**
 * Read-only links to a conversation. A link is an unguessable token (32
 * random bytes); whoever has it sees the conversation's messages as they are
 * now, and nothing else of the owner, until the owner revokes it.
 */

/** The conversation's link, made on first use; sharing again gives the same link. */
export async function shareConversation(db: Database, userId: string, conversationId: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(conversationShares)
    .values({ token, conversationId, userId, createdAt: now })
    .onConflictDoNothing({ target: conversationShares.conversationId });
  const [share] = await listShares(db, userId, conversationId);
  if (!share) throw new AppError("not_found:conversation");
  return share;
}

/** The owner's links, newest first (or the one of a conversation). */
export async function listShares(db: Database, userId: string, conversationId?: string): Promise<ConversationShare[]> {
  const rows = await db
    .select({
      token: conversationShares.token,
      conversationId: conversationShares.conversationId,
      title: conversations.title,
      directorId: conversations.directorId,
      createdAt: conversationShares.createdAt,
    })
    .from(conversationShares)
    .innerJoin(conversations, eq(conversations.id, conversationShares.conversationId))
    .where(
      and(
        eq(conversationShares.userId, userId),
        isNull(conversations.deletedAt),
        conversationId ? eq(conversationShares.conversationId, conversationId) : undefined,
      ),
    )
    .orderBy(desc(conversationShares.createdAt));
  return rows.map((row) => ({
    token: row.token,
    conversationId: row.conversationId,
    conversationTitle: row.title ?? "New conversation",
    directorId: row.directorId as AnswerAuthor,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function revokeShare(db: Database, userId: string, token: string) {
  await deleteOrNotFound(
    db,
    conversationShares,
    and(eq(conversationShares.token, token), eq(conversationShares.userId, userId)),
    "not_found:share",
  );
}

/** What the link shows: the director and the messages with text, an answer still being written left out. */
export async function sharedConversation(db: Database, token: string): Promise<SharedConversation> {
  const [share] = await db
    .select({
      userId: conversationShares.userId,
      conversationId: conversations.id,
      directorId: conversations.directorId,
      directors: conversations.directors,
    })
    .from(conversationShares)
    .innerJoin(conversations, eq(conversations.id, conversationShares.conversationId))
    .where(and(eq(conversationShares.token, token), isNull(conversations.deletedAt)));
  if (!share) throw new AppError("not_found:share");
  const result = await db.execute(sql`
    select sender, content, created_at, director_id from ${visibleThread(sql`${share.conversationId}::uuid`, share.userId)} thread
    where content <> '' and status <> 'streaming' order by created_at
  `);
  const rows = (
    result as unknown as {
      rows: Array<{ sender: "user" | "ai"; content: string; created_at: Date | string; director_id: string | null }>;
    }
  ).rows;
  return {
    directorId: share.directorId as AnswerAuthor,
    ...(share.directors ? { directors: share.directors as DirectorId[] } : {}),
    messages: rows.map((row) => ({
      sender: row.sender,
      // The link shares the conversation, not the owner's documents and answers: no sources, so no citation markers.
      content: row.sender === "ai" ? withoutCitations(row.content) : row.content,
      createdAt: new Date(row.created_at).toISOString(),
      ...(row.director_id ? { directorId: row.director_id as AnswerAuthor } : {}),
    })),
  };
}

import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { ChatMessage, ChatMessageStatus } from "../../../shared/chat";
import { type ErrorCode, isErrorCode } from "../../../shared/errors";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";

/**
 * The conversation store: one active conversation per user and director (the
 * spec's thread per director), older ones kept with clearedAt set. Every query
 * is scoped by the user id.
 */

type MessageRow = typeof messages.$inferSelect;

export async function findActiveConversation(db: Database, userId: string, directorId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(eq(conversations.userId, userId), eq(conversations.directorId, directorId), isNull(conversations.clearedAt)),
    )
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  return row;
}

/** Starts the active conversation with a director; the caller knows there is none yet. */
export async function startConversation(db: Database, userId: string, directorId: string, now: Date) {
  const [created] = await db
    .insert(conversations)
    .values({ userId, directorId, createdAt: now })
    .returning({ id: conversations.id });
  if (!created) throw new Error("The conversation could not be created.");
  return created;
}

/** Ends the active conversation; the next turn starts a new one. */
export async function clearConversation(db: Database, userId: string, directorId: string, now: Date) {
  await db
    .update(conversations)
    .set({ clearedAt: now })
    .where(
      and(eq(conversations.userId, userId), eq(conversations.directorId, directorId), isNull(conversations.clearedAt)),
    );
}

export async function conversationMessages(db: Database, userId: string, conversationId: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt));
}

export async function insertMessage(
  db: Database,
  values: {
    conversationId: string;
    userId: string;
    sender: "user" | "ai";
    content: string;
    status: ChatMessageStatus;
    errorCode?: ErrorCode | null;
    createdAt: Date;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ ...values, errorCode: values.errorCode ?? null })
    .returning();
  if (!row) throw new Error("The message could not be stored.");
  return row;
}

/** A retried answer replaces its failed or stopped attempt in place. */
export async function replaceAnswer(
  db: Database,
  userId: string,
  messageId: string,
  values: { content: string; status: ChatMessageStatus; errorCode: ErrorCode | null; createdAt: Date },
): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set(values)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
    .returning();
  if (!row) throw new Error("The answer could not be stored.");
  return row;
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    status: row.status,
    errorCode: isErrorCode(row.errorCode) ? row.errorCode : null,
    createdAt: row.createdAt.toISOString(),
  };
}

import type { SQL } from "drizzle-orm";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { AnswerAuthor, ChatMessage, ChatMessageStatus, ConversationSummary } from "../../shared/chat";
import type { DirectorId } from "../../shared/directors";
import { isErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import { conversations, messages } from "../db/schema";
import { AppError } from "../http/app-error";
import { markSourceStates, storedSources } from "./answer-sources";

/**
 * The conversation store. An owner has many conversations per director; the
 * director's current one is the latest not set aside by "Clear conversation".
 * A conversation's messages are questions and answers; a regenerated answer
 * or an edited question adds a version beside the earlier one, and `shown`
 * marks the version the conversation shows and sends as history. Every query
 * is scoped by the user id.
 */

/** How long a streaming answer's writer may stay silent before readers count the answer as interrupted. */
export const ANSWER_STALE_MS = 20_000;
/** How long a deleted conversation can be brought back (the toast's Undo) before it is removed for good. */
export const UNDO_DELETE_MS = 60_000;
/** The most conversations the history list returns; search reaches the rest. */
export const HISTORY_LIST_LIMIT = 500;

type ConversationRow = typeof conversations.$inferSelect;

/** The messages a conversation shows, in order: shown questions, and the shown answer to each. */
export function visibleThread(conversationId: SQL, userId: string): SQL {
  return sql`(
    select m.* from messages m
    where m.conversation_id = ${conversationId} and m.user_id = ${userId} and m.shown
      and (m.sender = 'user' or exists (select 1 from messages q where q.id = m.reply_to and q.shown))
  )`;
}

/** A streaming answer whose writer has gone silent (a crash, a restart) is shown as interrupted. */
export function shownStatus(status: ChatMessageStatus, updatedAt: Date, now: Date): ChatMessageStatus {
  return status === "streaming" && now.getTime() - updatedAt.getTime() > ANSWER_STALE_MS ? "interrupted" : status;
}

export function toSummary(row: ConversationRow, flags: { isNew?: boolean } = {}): ConversationSummary {
  return {
    id: row.id,
    directorId: row.directorId as AnswerAuthor,
    kind: row.kind,
    ...(row.directors ? { directors: row.directors as DirectorId[] } : {}),
    title: row.title ?? "New conversation",
    titleSource: row.titleSource ?? "question",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(flags.isNew ? { isNew: true } : {}),
  };
}

/** One of the owner's conversations (not deleted), or 404. */
export async function requireConversation(db: Database, userId: string, conversationId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(eq(conversations.id, conversationId), eq(conversations.userId, userId), isNull(conversations.deletedAt)),
    );
  if (!row) throw new AppError("not_found:conversation");
  return row;
}

/**
 * The director's current conversation: the latest one "Clear conversation" has not set aside. A scheduled request's
 * answer the owner has not opened yet waits in the list, flagged as new, rather than taking the place of the
 * conversation the owner was having.
 */
export async function currentConversation(db: Database, userId: string, directorId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        eq(conversations.directorId, directorId),
        eq(conversations.kind, "chat"),
        isNull(conversations.clearedAt),
        isNull(conversations.deletedAt),
      ),
    )
    .orderBy(unopenedScheduledAnswer(userId), desc(conversations.updatedAt))
    .limit(1);
  return row;
}

/** A scheduled request's answer the owner has not opened yet: the list flags its conversation as new. */
function unopenedScheduledAnswer(userId: string) {
  // Spelled out: in a one-table select drizzle leaves column names unqualified, and "id" would be the run's.
  return sql<boolean>`exists (
    select 1 from scheduled_runs r
    where r.user_id = ${userId} and r.conversation_id = "conversations"."id" and r.seen_at is null
  )`;
}

/** The history list: every conversation, the most recently active first. */
export async function listConversations(db: Database, userId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .select({ row: conversations, isNew: unopenedScheduledAnswer(userId) })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), isNull(conversations.deletedAt)))
    .orderBy(desc(conversations.updatedAt))
    .limit(HISTORY_LIST_LIMIT);
  return rows.map(({ row, isNew }) => toSummary(row, { isNew }));
}

/** "Clear conversation": the director's conversations are set aside; the next question starts a new one. */
export async function clearConversation(db: Database, userId: string, directorId: string, now: Date) {
  await db
    .update(conversations)
    .set({ clearedAt: now })
    .where(
      and(eq(conversations.userId, userId), eq(conversations.directorId, directorId), isNull(conversations.clearedAt)),
    );
}

export async function renameConversation(db: Database, userId: string, conversationId: string, title: string) {
  const [row] = await db
    .update(conversations)
    .set({ title, titleSource: "owner" })
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), isNull(conversations.deletedAt)))
    .returning();
  if (!row) throw new AppError("not_found:conversation");
  return toSummary(row);
}

/** Hides the conversation at once; it is removed for good after the Undo window (purgeDeleted). */
export async function deleteConversation(db: Database, userId: string, conversationId: string, now: Date) {
  const [row] = await db
    .update(conversations)
    .set({ deletedAt: now })
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), isNull(conversations.deletedAt)))
    .returning({ id: conversations.id });
  if (!row) throw new AppError("not_found:conversation");
  await purgeDeleted(db, userId, now);
}

/** Undo of a delete, within the Undo window. */
export async function restoreConversation(db: Database, userId: string, conversationId: string, now: Date) {
  const [row] = await db
    .update(conversations)
    .set({ deletedAt: null })
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.userId, userId),
        sql`${conversations.deletedAt} >= ${new Date(now.getTime() - UNDO_DELETE_MS)}`,
      ),
    )
    .returning();
  if (!row) throw new AppError("not_found:conversation");
  return toSummary(row);
}

/** Removes the owner's conversations deleted longer ago than the Undo window, with their messages and links. */
export async function purgeDeleted(db: Database, userId: string, now: Date) {
  await db
    .delete(conversations)
    .where(
      and(eq(conversations.userId, userId), lt(conversations.deletedAt, new Date(now.getTime() - UNDO_DELETE_MS))),
    );
}

type ThreadRow = {
  id: string;
  sender: "user" | "ai";
  content: string;
  status: ChatMessageStatus;
  error_code: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  rating: "up" | "down" | null;
  rating_reason: string | null;
  versions: string[] | null;
  director_id: string | null;
  metadata: unknown;
};

/**
 * What the conversation shows, oldest first, each with its versions when it has more than one. The answers of
 * different authors to one question (a board meeting's directors and memo) are not versions of each other.
 */
export async function conversationMessages(
  db: Database,
  userId: string,
  conversationId: string,
  now: Date,
): Promise<ChatMessage[]> {
  const result = await db.execute(sql`
    with slots as (
      select id, created_at,
        case when sender = 'ai' then 'a' || coalesce(reply_to, id)::text || coalesce(director_id, '')
          else 'q' || coalesce(first_version, id)::text end as slot
      from messages where conversation_id = ${conversationId} and user_id = ${userId}
    ), versions as (
      select slot, json_agg(id order by created_at) as ids from slots group by slot having count(*) > 1
    )
    select t.id, t.sender, t.content, t.status, t.error_code, t.created_at, t.updated_at, t.rating, t.rating_reason,
      v.ids as versions, t.director_id, t.metadata
    from ${visibleThread(sql`${conversationId}::uuid`, userId)} t
    join slots s on s.id = t.id
    left join versions v on v.slot = s.slot
    order by t.created_at
  `);
  const shown = (result as unknown as { rows: ThreadRow[] }).rows.map((row) => {
    const message = toChatMessage(
      {
        id: row.id,
        sender: row.sender,
        content: row.content,
        status: row.status,
        errorCode: row.error_code,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      },
      now,
    );
    if (row.versions) message.versions = row.versions;
    if (row.director_id) message.directorId = row.director_id as AnswerAuthor;
    if (row.sender === "ai") {
      message.rating = row.rating;
      message.ratingReason = row.rating_reason;
      const sources = storedSources(row.metadata);
      if (sources) message.sources = sources;
    }
    return message;
  });
  await markSourceStates(db, userId, shown);
  return shown;
}

export type StoredMessage = {
  id: string;
  sender: "user" | "ai";
  content: string;
  status: ChatMessageStatus;
  errorCode: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toChatMessage(row: StoredMessage, now: Date): ChatMessage {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    status: shownStatus(row.status, row.updatedAt, now),
    errorCode: isErrorCode(row.errorCode) ? row.errorCode : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One stored message of the owner's, or undefined. */
export async function findMessage(db: Database, userId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  return row;
}

/** The answer a conversation shows last, if it has one: the one a reader may attach to while it is written. */
export async function lastAnswer(db: Database, userId: string, conversationId: string) {
  const result = await db.execute(sql`
    select id, reply_to as "replyTo", status, created_at as "createdAt", updated_at as "updatedAt"
    from ${visibleThread(sql`${conversationId}::uuid`, userId)} thread
    where sender = 'ai' order by created_at desc limit 1
  `);
  const [row] = (
    result as unknown as {
      rows: Array<{ id: string; replyTo: string; status: ChatMessageStatus; createdAt: Date; updatedAt: Date }>;
    }
  ).rows;
  return row && { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

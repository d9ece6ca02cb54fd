import { randomUUID } from "node:crypto";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnswerSource } from "../../shared/answer-sources";
import type { ChatMessageStatus } from "../../shared/chat";
import type { ErrorCode } from "../../shared/errors";
import type { Database, DatabaseHandle } from "../db/client";
import { executePrepared } from "../db/execute-prepared";
import { messages } from "../db/schema";
import { AppError } from "../http/app-error";
import type { StoredMessage } from "./conversations";

/**
 * How a chat turn is stored: its start in one statement (the question and an
 * empty answer being written), the answer's text as it grows, and the answer
 * as it ended.
 */

/** How a turn starts, as decided from the conversation's state. */
export type TurnStart =
  /** A new question, in a new conversation (with its first title) or an existing one. */
  | { kind: "ask"; conversationId: string; newConversation: { directorId: string; title: string } | undefined }
  /** Answer the last question again in place of its failed, stopped or interrupted answer. */
  | { kind: "retry"; conversationId: string; answerId: string }
  /** Answer the last question again as a new version beside its finished answer. */
  | { kind: "regenerate"; conversationId: string; questionId: string }
  /** The last question as new text: a new version of the question, with a new answer. */
  | { kind: "edit"; conversationId: string; questionId: string; firstVersion: string };

export type StartedTurn = { question: { id: string; content: string; createdAt: Date }; answer: StoredMessage };

/**
 * Stores the start of a turn in one statement: the question (unless the
 * question is answered again) and the answer being written, empty, with the
 * status "streaming"; older versions hidden; the conversation created or
 * marked active. `times` are the question's and the answer's creation times.
 */
export async function storeTurnStart(
  database: Pick<DatabaseHandle, "db" | "prepared">,
  input: { userId: string; start: TurnStart; text: string; times: { question: Date; answer: Date } },
): Promise<{ questionId: string; answer: StoredMessage }> {
  const { userId, start, text, times } = input;
  const answerId = start.kind === "retry" ? start.answerId : randomUUID();
  const created = start.kind === "ask" ? start.newConversation : undefined;
  const touch = created
    ? sql`insert into conversations (id, user_id, director_id, title, title_source, created_at, updated_at)
        values (${start.conversationId}, ${userId}, ${created.directorId}, ${created.title},
          'question', ${times.question}, ${times.question})
        returning id`
    : sql`update conversations set updated_at = ${times.question}, cleared_at = null
        where id = ${start.conversationId} and user_id = ${userId} returning id`;
  let statement: SQL;
  let questionId: string;
  if (start.kind === "retry") {
    questionId = "";
    statement = sql`with conversation as (${touch})
      update messages set content = '', status = 'streaming', error_code = null,
        created_at = ${times.answer}, updated_at = ${times.answer}
      where id = ${answerId} and user_id = ${userId} and conversation_id in (select id from conversation)
      returning id, reply_to`;
  } else if (start.kind === "regenerate") {
    questionId = start.questionId;
    statement = sql`with conversation as (${touch}),
      hidden as (
        update messages set shown = false
        where conversation_id = ${start.conversationId} and user_id = ${userId} and sender = 'ai'
          and reply_to = ${questionId}
      )
      insert into messages (id, conversation_id, user_id, sender, content, status, reply_to, created_at, updated_at)
      select ${answerId}, conversation.id, ${userId}, 'ai', '', 'streaming', ${questionId}, ${times.answer}, ${times.answer}
      from conversation
      returning id, reply_to`;
  } else {
    questionId = randomUUID();
    const firstVersion = start.kind === "edit" ? start.firstVersion : questionId;
    const hideEarlier =
      start.kind === "edit"
        ? sql`, hidden as (
            update messages set shown = false
            where conversation_id = ${start.conversationId} and user_id = ${userId} and sender = 'user'
              and coalesce(first_version, id) = ${firstVersion}
          )`
        : sql``;
    statement = sql`with conversation as (${touch})${hideEarlier},
      question as (
        insert into messages (id, conversation_id, user_id, sender, content, status, first_version, created_at, updated_at)
        select ${questionId}, conversation.id, ${userId}, 'user', ${text}, 'complete',
          ${start.kind === "edit" ? firstVersion : null}::uuid, ${times.question}, ${times.question}
        from conversation
        returning id
      )
      insert into messages (id, conversation_id, user_id, sender, content, status, reply_to, created_at, updated_at)
      select ${answerId}, question_row.conversation_id, ${userId}, 'ai', '', 'streaming', question_row.id,
        ${times.answer}, ${times.answer}
      from (select question.id, conversation.id as conversation_id from question, conversation) question_row
      returning id, reply_to`;
  }
  // Prepared on the embedded database (one statement text per kind of turn; rows by key).
  const [row] = await executePrepared<{ id: string; reply_to: string }>(database, statement);
  if (!row) throw new AppError("not_found:conversation");
  return {
    questionId: row.reply_to ?? questionId,
    answer: {
      id: row.id,
      sender: "ai",
      content: "",
      status: "streaming",
      errorCode: null,
      createdAt: times.answer,
      updatedAt: times.answer,
    },
  };
}

/** Keeps the text written so far and tells readers the writer is alive; a finished answer is left alone. */
export async function saveAnswerProgress(db: Database, answerId: string, content: string, now: Date) {
  await db
    .update(messages)
    .set({ content, updatedAt: now })
    .where(and(eq(messages.id, answerId), eq(messages.status, "streaming")));
}

/**
 * Stores the answer as it ended, prepared on the embedded database (one row by key): every turn runs it, and it gives
 * back only what the caller reads, not the answer's text and search vector again.
 */
export async function finishAnswer(
  database: Pick<DatabaseHandle, "db" | "prepared">,
  answerId: string,
  values: {
    content: string;
    status: ChatMessageStatus;
    errorCode: ErrorCode | null;
    now: Date;
    /** What the answer stood on (kept in its metadata); left as it was when undefined. */
    sources?: AnswerSource[];
  },
): Promise<StoredMessage> {
  const metadata = values.sources
    ? sql`metadata || ${JSON.stringify({ sources: values.sources })}::jsonb`
    : sql`metadata`;
  const [row] = await executePrepared<FinishedRow>(
    database,
    sql`update messages set content = ${values.content}, status = ${values.status}, error_code = ${values.errorCode},
        updated_at = ${values.now}, metadata = ${metadata}
      where id = ${answerId}
      returning id, sender, status, error_code as "errorCode", created_at as "createdAt", updated_at as "updatedAt"`,
  );
  if (!row) throw new Error("The answer could not be stored.");
  return { ...row, content: values.content, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

type FinishedRow = Omit<StoredMessage, "content" | "createdAt" | "updatedAt"> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

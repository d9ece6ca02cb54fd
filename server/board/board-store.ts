import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { AnswerAuthor } from "../../shared/chat";
import type { DirectorId } from "../../shared/directors";
import type { Database, Transaction } from "../db/client";
import { AppError } from "../http/app-error";

/**
 * How a board round is stored: in one statement, the question, an empty
 * answer being written for each director, and the memo being written (as a
 * chat turn stores its question and answer, server/chat/turn-store.ts).
 * Each answer is then finished like a chat answer (finishAnswer). A retry
 * empties answers in place, keeping their place in the round.
 */

export type StoredRoundStart = {
  conversationId: string;
  question: { id: string; createdAt: Date };
  /** The directors' answers in column order, then the memo ("board"). */
  answers: Array<{ author: AnswerAuthor; id: string; createdAt: Date }>;
};

/**
 * Stores a new round. `meeting` is a new meeting (with its directors and first title) or the id of one of the
 * owner's meetings; times strictly increase from `at`: the question, each answer in column order, the memo.
 */
export async function storeBoardRound(
  db: Database | Transaction,
  input: {
    userId: string;
    /** A follow-up's meeting, or a new one (with its id when the caller needs it first). */
    meeting: { id: string } | { directors: DirectorId[]; title: string; newId?: string };
    directors: DirectorId[];
    text: string;
    at: Date;
  },
): Promise<StoredRoundStart> {
  const { userId, at } = input;
  const conversationId = "id" in input.meeting ? input.meeting.id : (input.meeting.newId ?? randomUUID());
  const questionId = randomUUID();
  const authors: AnswerAuthor[] = [...input.directors, "board"];
  const answers = authors.map((author, index) => ({
    author,
    id: randomUUID(),
    createdAt: new Date(at.getTime() + index + 1),
  }));
  const touch: SQL =
    "id" in input.meeting
      ? sql`update conversations set updated_at = ${at}
          where id = ${conversationId} and user_id = ${userId} and kind = 'board' and deleted_at is null
          returning id`
      : sql`insert into conversations
            (id, user_id, director_id, kind, directors, title, title_source, created_at, updated_at)
          values (${conversationId}, ${userId}, 'board', 'board', ${JSON.stringify(input.meeting.directors)}::jsonb,
            ${input.meeting.title}, 'question', ${at}, ${at})
          returning id`;
  const rows = sql.join(
    answers.map((answer) => sql`(${answer.id}::uuid, ${answer.author}, ${answer.createdAt}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with conversation as (${touch}),
    question as (
      insert into messages (id, conversation_id, user_id, sender, content, status, created_at, updated_at)
      select ${questionId}, conversation.id, ${userId}, 'user', ${input.text}, 'complete', ${at}, ${at}
      from conversation
      returning id, conversation_id
    )
    insert into messages
      (id, conversation_id, user_id, sender, director_id, content, status, reply_to, created_at, updated_at)
    select answer.id, question.conversation_id, ${userId}, 'ai', answer.author, '', 'streaming', question.id,
      answer.created_at, answer.created_at
    from question, (values ${rows}) as answer(id, author, created_at)
    returning id
  `);
  if ((result as unknown as { rows: unknown[] }).rows.length !== answers.length) {
    throw new AppError("not_found:conversation");
  }
  return { conversationId, question: { id: questionId, createdAt: at }, answers };
}

/** Empties answers of the owner's meeting to be written again, in place; returns those it found. */
export async function restartAnswers(
  db: Database,
  input: { userId: string; conversationId: string; answerIds: string[]; now: Date },
): Promise<string[]> {
  if (input.answerIds.length === 0) return [];
  const ids = sql.join(
    input.answerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with conversation as (
      update conversations set updated_at = ${input.now}
      where id = ${input.conversationId} and user_id = ${input.userId} and kind = 'board'
      returning id
    )
    update messages set content = '', status = 'streaming', error_code = null, updated_at = ${input.now}
    where user_id = ${input.userId} and conversation_id in (select id from conversation) and sender = 'ai'
      and id in (${ids})
    returning id
  `);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

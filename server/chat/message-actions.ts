import { and, eq, sql } from "drizzle-orm";
import type { AnswerFeedbackInput } from "../../shared/chat";
import type { Database } from "../db/client";
import { messages } from "../db/schema";
import { AppError } from "../http/app-error";
import { findMessage } from "./conversations";

/** Thumbs up or down on an answer, with an optional reason; a null rating takes it back. */
export async function rateAnswer(
  db: Database,
  userId: string,
  messageId: string,
  input: AnswerFeedbackInput,
  now: Date,
) {
  const [row] = await db
    .update(messages)
    .set({
      rating: input.rating,
      ratingReason: input.rating ? input.reason || null : null,
      ratedAt: input.rating ? now : null,
    })
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.sender, "ai")))
    .returning({ rating: messages.rating, ratingReason: messages.ratingReason });
  if (!row) throw new AppError("not_found:api");
  return row;
}

/**
 * Shows this version of a question or an answer in place of its other
 * versions; the conversation goes on from the version shown.
 */
export async function showVersion(db: Database, userId: string, messageId: string) {
  const message = await findMessage(db, userId, messageId);
  if (!message) throw new AppError("not_found:api");
  const sameSlot =
    message.sender === "ai"
      ? sql`reply_to = ${message.replyTo} and director_id is not distinct from ${message.directorId}`
      : sql`coalesce(first_version, id) = ${message.firstVersion ?? message.id}`;
  await db.execute(sql`
    update messages set shown = (id = ${message.id})
    where user_id = ${userId} and conversation_id = ${message.conversationId} and sender = ${message.sender}
      and ${sameSlot}
  `);
  return { conversationId: message.conversationId };
}

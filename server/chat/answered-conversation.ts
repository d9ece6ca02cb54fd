import { randomUUID } from "node:crypto";
import type { Transaction } from "../db/client";
import { conversations, messages } from "../db/schema";

/**
 * A new chat conversation that opens with a question and its finished answer, as a weekly brief's "Discuss" and a
 * scheduled request's run store theirs. The answer is a millisecond after the question, so it sorts after it.
 */
export async function insertAnsweredConversation(
  tx: Transaction,
  input: {
    userId: string;
    directorId: string;
    title: string;
    titleSource: "question" | "model";
    question: string;
    answer: { text: string; sources: unknown[] };
    at: number;
  },
): Promise<string> {
  const { userId, at } = input;
  const conversationId = randomUUID();
  const questionId = randomUUID();
  await tx.insert(conversations).values({
    id: conversationId,
    userId,
    directorId: input.directorId,
    kind: "chat",
    title: input.title,
    titleSource: input.titleSource,
    createdAt: new Date(at),
    updatedAt: new Date(at + 1),
  });
  await tx.insert(messages).values([
    {
      id: questionId,
      conversationId,
      userId,
      sender: "user",
      content: input.question,
      status: "complete",
      createdAt: new Date(at),
      updatedAt: new Date(at),
    },
    {
      conversationId,
      userId,
      sender: "ai",
      content: input.answer.text,
      status: "complete",
      replyTo: questionId,
      metadata: { sources: input.answer.sources },
      createdAt: new Date(at + 1),
      updatedAt: new Date(at + 1),
    },
  ]);
  return conversationId;
}

import { randomUUID } from "node:crypto";
import type { DirectorId } from "../../shared/directors";
import { conversations, messages } from "../db/schema";
import type { AppDeps } from "../deps";
import { requireDirectorAccess } from "../directors/director-access";
import { AppError } from "../http/app-error";
import { readMeeting } from "./board-meeting";

/**
 * Takes a board meeting into a one-to-one chat with one of its directors: a
 * new conversation with that director that starts with the meeting's latest
 * question, the director's own answer to it and the board's memo, so the
 * director carries the whole discussion into the chat (its history is what
 * the chat sends with every question). The meeting stays as it was.
 */
export async function continueInChat(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  input: { userId: string; meetingId: string; directorId: DirectorId },
): Promise<{ conversationId: string; directorId: DirectorId }> {
  const { userId, directorId } = input;
  const meeting = await readMeeting(deps, userId, input.meetingId);
  if (!meeting.directors.includes(directorId)) {
    throw new AppError("bad_request:api", { message: "This director did not sit in this meeting." });
  }
  await requireDirectorAccess(deps, userId, directorId);
  // The latest round whose memo was written; else the latest round.
  const round = meeting.rounds.findLast((candidate) => candidate.memo?.status === "complete") ?? meeting.rounds.at(-1);
  if (!round) throw new AppError("bad_request:api", { message: "This meeting has no question yet." });
  const answer = round.answers.find((candidate) => candidate.directorId === directorId);
  const carried = [
    { sender: "user" as const, content: round.question.content, directorId: null },
    ...(answer && answer.content.trim() !== ""
      ? [{ sender: "ai" as const, content: answer.content, directorId: null }]
      : []),
    ...(round.memo && round.memo.status === "complete"
      ? [{ sender: "ai" as const, content: round.memo.content, directorId: "board" }]
      : []),
  ];

  const conversationId = randomUUID();
  const start = deps.now().getTime();
  const questionId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx.insert(conversations).values({
      id: conversationId,
      userId,
      directorId,
      kind: "chat",
      title: meeting.conversation.title,
      // Named after the meeting: the model does not rename it after the next answer.
      titleSource: "model",
      createdAt: new Date(start),
      updatedAt: new Date(start + carried.length),
    });
    await tx.insert(messages).values(
      carried.map((message, index) => ({
        id: index === 0 ? questionId : randomUUID(),
        conversationId,
        userId,
        sender: message.sender,
        directorId: message.directorId,
        content: message.content,
        status: "complete" as const,
        replyTo: index === 0 ? null : questionId,
        createdAt: new Date(start + index),
        updatedAt: new Date(start + index),
      })),
    );
  });
  return { conversationId, directorId };
}

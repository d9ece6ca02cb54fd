import { and, eq } from "drizzle-orm";
import type { BoardMeeting, BoardRound } from "../../shared/board";
import type { DirectorId } from "../../shared/directors";
import { type AnswerFeed, liveFeed, remoteFeed } from "../chat/answer-stream";
import { conversationMessages, requireConversation, toSummary } from "../chat/conversations";
import { messages } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import type { Logger } from "../logger";
import { heldPreviewMeeting } from "./board-preview";
import { roundsOf } from "./board-state";
import { boardResponse } from "./board-stream";

/** One of the owner's board meetings (not deleted), or 404; a chat's id is not a meeting. */
export async function requireMeeting(deps: Pick<AppDeps, "db">, userId: string, meetingId: string) {
  const conversation = await requireConversation(deps.db, userId, meetingId);
  if (conversation.kind !== "board") throw new AppError("not_found:conversation");
  return conversation;
}

/** The meeting as the board page shows it: its rounds, each with its answers in column order and its memo. */
export async function readMeeting(deps: Pick<AppDeps, "db" | "now">, userId: string, meetingId: string) {
  const conversation = await requireMeeting(deps, userId, meetingId);
  const directors = (conversation.directors ?? []) as DirectorId[];
  const [shown, previewId] = await Promise.all([
    conversationMessages(deps.db, userId, conversation.id, deps.now()),
    heldPreviewMeeting(deps.db, userId),
  ]);
  const rounds: BoardRound[] = roundsOf(shown).map((round) => ({
    question: round.question,
    answers: directors.flatMap((id) => {
      const answer = round.answers.get(id);
      return answer ? [{ ...answer, directorId: id }] : [];
    }),
    memo: round.memo ?? null,
  }));
  const meeting: BoardMeeting = {
    conversation: toSummary(conversation),
    directors,
    preview: previewId === conversation.id,
    rounds,
  };
  return meeting;
}

/**
 * A reader of what the meeting's last round is still writing (a reload,
 * another device): every answer and the memo not yet ended, from their first
 * word, then live. Undefined when nothing is being written.
 */
export async function followMeeting(
  deps: AppDeps,
  input: { userId: string; meetingId: string; log: Logger },
): Promise<Response | undefined> {
  const meeting = await readMeeting(deps, input.userId, input.meetingId);
  const round = meeting.rounds.at(-1);
  if (!round) return undefined;
  const writing = [...round.answers, ...(round.memo ? [round.memo] : [])].filter(
    (answer) => answer.status === "streaming",
  );
  const feeds: Array<{ author: DirectorId | "board"; messageId: string; createdAt: string; feed: AnswerFeed }> = [];
  for (const answer of writing) {
    const metadata = {
      messageId: answer.id,
      conversationId: meeting.conversation.id,
      questionId: round.question.id,
      createdAt: answer.createdAt,
    };
    const live = deps.answers.local(answer.id);
    const feed = live
      ? liveFeed(live, metadata)
      : deps.answers.shared
        ? remoteFeed({ ...deps, log: input.log }, { messageId: answer.id, userId: input.userId, metadata })
        : undefined;
    if (feed) {
      feeds.push({ author: answer.directorId ?? "board", messageId: answer.id, createdAt: answer.createdAt, feed });
    }
  }
  if (feeds.length === 0) return undefined;
  return boardResponse(
    {
      type: "round",
      conversationId: meeting.conversation.id,
      questionId: round.question.id,
      answers: feeds.map(({ author, messageId, createdAt }) => ({ author, messageId, createdAt })),
    },
    feeds,
  );
}

/** Stop: every answer of the meeting still being written stops, the memo among them. */
export async function stopMeeting(deps: AppDeps, userId: string, meetingId: string) {
  const meeting = await requireMeeting(deps, userId, meetingId);
  const writing = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, meeting.id), eq(messages.userId, userId), eq(messages.status, "streaming")));
  await Promise.all(writing.map((row) => deps.answers.requestStop(row.id)));
}

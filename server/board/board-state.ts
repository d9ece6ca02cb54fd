import { sql } from "drizzle-orm";
import type { AnswerAuthor, ChatMessageStatus } from "../../shared/chat";
import type { DirectorId } from "../../shared/directors";
import type { ErrorCode } from "../../shared/errors";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";
import { shownStatus, visibleThread } from "../chat/conversations";
import type { Database } from "../db/client";
import {
  type StoredSubscription,
  type SubscriptionJson,
  subscriptionJson,
  subscriptionOf,
} from "../plans/subscription-json";

/** The most recent messages a board question reads: with four directors and a memo, twenty rounds. */
const BOARD_HISTORY_LIMIT = 120;

export type StoredBoardMessage = {
  id: string;
  sender: "user" | "ai";
  /** A director's id for an answer, "board" for the memo; null for the owner's question. */
  directorId: AnswerAuthor | null;
  content: string;
  /** As shown: an answer whose writer has gone silent counts as interrupted. */
  status: ChatMessageStatus;
  errorCode: ErrorCode | null;
  createdAt: Date;
};

/** One round as stored: the question, then its answers and memo. */
export type StoredRound = {
  question: StoredBoardMessage;
  answers: Map<DirectorId, StoredBoardMessage>;
  memo: StoredBoardMessage | undefined;
};

/** Everything a board question checks and sends, as stored for one owner. */
export type BoardState = {
  subscription: StoredSubscription | undefined;
  trained: Array<{ directorId: string; trainedAt: Date; answers: TrainingAnswers }>;
  profile: OnboardingData | undefined;
  /** The meeting a follow-up goes into; undefined for a new one (or one that is not the owner's). */
  meeting: { id: string; title: string | null; titleSource: string | null; directors: DirectorId[] } | undefined;
  /** Its rounds, oldest first (the newest BOARD_HISTORY_LIMIT messages). */
  rounds: StoredRound[];
};

type Row = {
  subscription: SubscriptionJson | null;
  trained: Array<{ directorId: string; trainedAt: string; answers: TrainingAnswers }>;
  profile: OnboardingData | null;
  meetingId: string | null;
  title: string | null;
  titleSource: string | null;
  directors: DirectorId[] | null;
  history: Array<Omit<StoredBoardMessage, "createdAt"> & { createdAt: string; updatedAt: string }>;
};

/**
 * Reads the plan, every trained director with its answers, the business
 * profile and the meeting's recent rounds in one round trip, as a chat turn
 * reads its state (server/chat/turn-state.ts).
 */
export async function loadBoardState(
  db: Database,
  input: { userId: string; meetingId: string | undefined; now: Date },
): Promise<BoardState> {
  const { userId } = input;
  const chosen = input.meetingId ? sql`c.id = ${input.meetingId}::uuid` : sql`false`;
  const result = await db.execute(sql`
    select
      ${subscriptionJson(userId)} as subscription,
      (select coalesce(json_agg(json_build_object('directorId', director_id, 'trainedAt', trained_at,
          'answers', answers)), '[]'::json)
        from director_trainings where user_id = ${userId}) as trained,
      (select answers from business_profiles where user_id = ${userId}) as profile,
      meeting.id as "meetingId",
      meeting.title,
      meeting.title_source as "titleSource",
      meeting.directors,
      (select coalesce(json_agg(m order by m."createdAt"), '[]'::json) from (
          select id, sender, director_id as "directorId", content, status, error_code as "errorCode",
            created_at as "createdAt", updated_at as "updatedAt"
          from ${visibleThread(sql`meeting.id`, userId)} thread
          order by created_at desc limit ${BOARD_HISTORY_LIMIT}
        ) m) as history
    from (select 1) as one
    left join lateral (
      select c.id, c.title, c.title_source, c.directors from conversations c
      where c.user_id = ${userId} and c.kind = 'board' and c.deleted_at is null and ${chosen}
    ) meeting on true
  `);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (!row) throw new Error("The board meeting's state could not be read.");
  const messages = row.history.map(({ updatedAt, ...message }) => ({
    ...message,
    status: shownStatus(message.status, new Date(updatedAt), input.now),
    createdAt: new Date(message.createdAt),
  }));
  return {
    subscription: subscriptionOf(row.subscription),
    trained: row.trained.map((training) => ({ ...training, trainedAt: new Date(training.trainedAt) })),
    profile: row.profile ?? undefined,
    meeting: row.meetingId
      ? { id: row.meetingId, title: row.title, titleSource: row.titleSource, directors: row.directors ?? [] }
      : undefined,
    rounds: roundsOf(messages),
  };
}

/** Messages in order, grouped into rounds: each question with the answers and memo written after it. */
export function roundsOf<M extends { sender: "user" | "ai"; directorId?: AnswerAuthor | null }>(
  messages: M[],
): Array<{ question: M; answers: Map<DirectorId, M>; memo: M | undefined }> {
  const rounds: Array<{ question: M; answers: Map<DirectorId, M>; memo: M | undefined }> = [];
  for (const message of messages) {
    if (message.sender === "user") {
      rounds.push({ question: message, answers: new Map(), memo: undefined });
      continue;
    }
    const round = rounds.at(-1);
    if (!round || !message.directorId) continue;
    if (message.directorId === "board") round.memo = message;
    else round.answers.set(message.directorId, message);
  }
  return rounds;
}

import { type SQL, sql } from "drizzle-orm";
import type { ChatMessageStatus } from "../../shared/chat";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";
import { retrievableFor } from "../ai/director-context";
import { ownerHasMetrics } from "../ai/metrics-in-context";
import { keptFactsJson, type RememberedFactInContext } from "../ai/remembered-facts";
import type { DatabaseHandle } from "../db/client";
import { executePrepared } from "../db/execute-prepared";
import {
  type StoredSubscription,
  type SubscriptionJson,
  subscriptionJson,
  subscriptionOf,
} from "../plans/subscription-json";
import { shownStatus, visibleThread } from "./conversations";

/**
 * The most recent messages a turn reads. The prompt keeps what fits its
 * history budget (HISTORY_TOKEN_BUDGET); a hundred messages is more than that
 * holds for any real conversation, and a retry or an edit needs only the last two.
 */
export const TURN_HISTORY_LIMIT = 100;

export type TurnMessage = {
  id: string;
  sender: "user" | "ai";
  content: string;
  /** As shown: a streaming answer whose writer has gone silent counts as interrupted. */
  status: ChatMessageStatus;
  errorCode: string | null;
  /** A question's first version (its own id when it was never edited). */
  firstVersion: string;
  createdAt: Date;
};

/** Everything a chat turn checks and sends, as stored for one user and director. */
export type TurnState = {
  subscription: StoredSubscription | undefined;
  trained: Array<{ directorId: string; trainedAt: Date }>;
  trainingAnswers: TrainingAnswers | undefined;
  profile: OnboardingData | undefined;
  /** The conversation the turn goes into: the one asked for, or the director's current one; none yet for a new one. */
  conversation: { id: string; titleSource: string | null } | undefined;
  /** Its shown messages, newest TURN_HISTORY_LIMIT, oldest first. */
  history: TurnMessage[];
  /** The kept facts this director uses (factsForDirector), read here to spare the turn a statement. */
  facts: RememberedFactInContext[];
  /** Whether retrieval could find anything for this director (retrievableFor); when not, the turn skips it. */
  retrievable: boolean;
  /** Whether the owner keeps any metrics (ownerHasMetrics); when not, the turn does not read their numbers. */
  hasMetrics: boolean;
  /** How many context pieces the owner has (retrieval's statements depend on it: startSearch). */
  ownerPieces: number;
  /** The owner's count of chat turns in this window, this one included (the `counting` statement's). */
  count: number;
};

type Row = {
  subscription: SubscriptionJson | null;
  trained: Array<{ directorId: string; trainedAt: string }>;
  trainingAnswers: TrainingAnswers | null;
  profile: OnboardingData | null;
  conversationId: string | null;
  titleSource: string | null;
  history: Array<
    Omit<TurnMessage, "createdAt" | "status"> & { status: ChatMessageStatus; createdAt: string; updatedAt: string }
  >;
  facts: RememberedFactInContext[];
  retrievable: boolean;
  hasMetrics: boolean;
  ownerPieces: number;
  count: number;
};

/**
 * Counts the turn (`counting`: the rate limit's statement, returning `count`) and reads the plan, the trained
 * directors, this director's answers, the business profile, the kept facts, whether retrieval has anything to search,
 * whether the owner keeps metrics, their count of pieces and the conversation's recent history, in one round trip: a
 * chat turn waits for all of them before the model is asked, and on the embedded database every statement waits for
 * the one before it. `conversationId` picks a conversation of this user and director; without it, the director's
 * current one (the latest not set aside by "Clear conversation").
 */
export async function loadTurnState(
  database: Pick<DatabaseHandle, "db" | "prepared">,
  input: { userId: string; directorId: string; conversationId: string | undefined; now: Date; counting: SQL },
): Promise<TurnState> {
  const { userId, directorId } = input;
  const chosen = input.conversationId
    ? sql`c.id = ${input.conversationId}::uuid`
    : sql`c.cleared_at is null and c.kind = 'chat'`;
  // Prepared on the embedded database: planning this statement is most of its time there, and its plan (one owner's
  // rows by key) does not depend on the values.
  const [row] = await executePrepared<Row>(
    database,
    sql`
    with counted as (${input.counting})
    select
      (select count from counted)::int as count,
      ${subscriptionJson(userId)} as subscription,
      (select coalesce(json_agg(json_build_object('directorId', director_id, 'trainedAt', trained_at)), '[]'::json)
        from director_trainings where user_id = ${userId}) as trained,
      (select answers from director_trainings where user_id = ${userId} and director_id = ${directorId})
        as "trainingAnswers",
      (select answers from business_profiles where user_id = ${userId}) as profile,
      conversation.id as "conversationId",
      conversation.title_source as "titleSource",
      (select coalesce(json_agg(m order by m."createdAt"), '[]'::json) from (
          select id, sender, content, status, error_code as "errorCode",
            coalesce(first_version, id) as "firstVersion", created_at as "createdAt", updated_at as "updatedAt"
          from ${visibleThread(sql`conversation.id`, userId)} thread
          order by created_at desc limit ${TURN_HISTORY_LIMIT}
        ) m) as history,
      ${keptFactsJson(userId, directorId)} as facts,
      ${retrievableFor(userId, directorId)} as retrievable,
      ${ownerHasMetrics(userId)} as "hasMetrics",
      coalesce((select pieces from context_piece_owner_stats where user_id = ${userId}), 0)::int as "ownerPieces"
    from (select 1) as one
    left join lateral (
      select c.id, c.title_source from conversations c
      where c.user_id = ${userId} and c.director_id = ${directorId} and c.deleted_at is null and ${chosen}
      order by c.updated_at desc limit 1
    ) conversation on true
  `,
  );
  if (!row) throw new Error("The chat turn's state could not be read.");
  return {
    subscription: subscriptionOf(row.subscription),
    trained: row.trained.map((training) => ({ ...training, trainedAt: new Date(training.trainedAt) })),
    trainingAnswers: row.trainingAnswers ?? undefined,
    profile: row.profile ?? undefined,
    conversation: row.conversationId ? { id: row.conversationId, titleSource: row.titleSource } : undefined,
    history: row.history.map(({ updatedAt, ...message }) => ({
      ...message,
      status: shownStatus(message.status, new Date(updatedAt), input.now),
      createdAt: new Date(message.createdAt),
    })),
    facts: row.facts,
    retrievable: row.retrievable,
    hasMetrics: row.hasMetrics,
    ownerPieces: row.ownerPieces,
    count: row.count,
  };
}

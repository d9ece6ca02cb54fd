import { sql } from "drizzle-orm";
import type { ChatMessageStatus } from "../../../shared/chat";
import type { OnboardingData } from "../../../shared/onboarding";
import type { TrainingAnswers } from "../../../shared/training";
import type { Database } from "../../db/client";
import type { SubscriptionRow } from "../plans/plan-status";

/**
 * The most recent messages a turn reads. The prompt keeps what fits its
 * history budget (HISTORY_TOKEN_BUDGET); a hundred messages is more than that
 * holds for any real conversation, and a retry needs only the last two.
 */
export const TURN_HISTORY_LIMIT = 100;

export type TurnMessage = {
  id: string;
  sender: "user" | "ai";
  content: string;
  status: ChatMessageStatus;
  errorCode: string | null;
  createdAt: Date;
};

/** Everything a chat turn checks and sends, as stored for one user and director. */
export type TurnState = {
  subscription: SubscriptionRow | undefined;
  trained: Array<{ directorId: string; trainedAt: Date }>;
  trainingAnswers: TrainingAnswers | undefined;
  profile: OnboardingData | undefined;
  /** The active conversation, if one was started. */
  conversationId: string | undefined;
  /** Its newest messages, oldest first. */
  history: TurnMessage[];
};

type Row = {
  subscription: { planId: string; chosenAt: string; trialStartedAt: string | null; trialEndsAt: string | null } | null;
  trained: Array<{ directorId: string; trainedAt: string }>;
  trainingAnswers: TrainingAnswers | null;
  profile: OnboardingData | null;
  conversationId: string | null;
  history: Array<Omit<TurnMessage, "createdAt"> & { createdAt: string }>;
};

/**
 * Reads the plan, the trained directors, this director's answers, the business
 * profile and the active conversation's recent history in one round trip: a
 * chat turn waits for all of them before the model is asked, and with the
 * embedded database every separate query costs a turn of the event loop.
 */
export async function loadTurnState(db: Database, userId: string, directorId: string): Promise<TurnState> {
  const result = await db.execute(sql`
    select
      (select json_build_object('planId', plan_id, 'chosenAt', chosen_at,
          'trialStartedAt', trial_started_at, 'trialEndsAt', trial_ends_at)
        from subscriptions where user_id = ${userId}) as subscription,
      (select coalesce(json_agg(json_build_object('directorId', director_id, 'trainedAt', trained_at)), '[]'::json)
        from director_trainings where user_id = ${userId}) as trained,
      (select answers from director_trainings where user_id = ${userId} and director_id = ${directorId})
        as "trainingAnswers",
      (select answers from business_profiles where user_id = ${userId}) as profile,
      c.id as "conversationId",
      (select coalesce(json_agg(m order by m."createdAt"), '[]'::json) from (
          select id, sender, content, status, error_code as "errorCode", created_at as "createdAt"
          from messages where conversation_id = c.id and user_id = ${userId}
          order by created_at desc limit ${TURN_HISTORY_LIMIT}
        ) m) as history
    from (select 1) as one
    left join lateral (
      select id from conversations
      where user_id = ${userId} and director_id = ${directorId} and cleared_at is null
      order by created_at desc limit 1
    ) c on true
  `);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (!row) throw new Error("The chat turn's state could not be read.");
  const { subscription } = row;
  return {
    subscription: subscription
      ? {
          planId: subscription.planId,
          chosenAt: new Date(subscription.chosenAt),
          trialStartedAt: dateOrNull(subscription.trialStartedAt),
          trialEndsAt: dateOrNull(subscription.trialEndsAt),
        }
      : undefined,
    trained: row.trained.map((training) => ({ ...training, trainedAt: new Date(training.trainedAt) })),
    trainingAnswers: row.trainingAnswers ?? undefined,
    profile: row.profile ?? undefined,
    conversationId: row.conversationId ?? undefined,
    history: row.history.map((message) => ({ ...message, createdAt: new Date(message.createdAt) })),
  };
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

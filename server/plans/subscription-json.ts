import { type SQL, sql } from "drizzle-orm";
import type { SubscriptionRow } from "./plan-status";

/** The owner's subscription as read with other state in one statement (a chat turn's, a board question's). */
export type StoredSubscription = SubscriptionRow & { boardPreviewMeetingId: string | null };

export type SubscriptionJson = {
  planId: string;
  chosenAt: string;
  trialStartedAt: string | null;
  trialEndsAt: string | null;
  boardPreviewMeetingId: string | null;
  paymentStatus: string | null;
  scheduledPlanId: string | null;
  currentPeriodEnd: string | null;
  keptDirectorId: string | null;
};

/** The owner's subscription as one JSON value (null before a plan is chosen), for a statement that reads more. */
export function subscriptionJson(userId: string): SQL {
  return sql`(select json_build_object('planId', plan_id, 'chosenAt', chosen_at,
          'trialStartedAt', trial_started_at, 'trialEndsAt', trial_ends_at,
          'boardPreviewMeetingId', board_preview_meeting_id, 'paymentStatus', payment_status,
          'scheduledPlanId', scheduled_plan_id, 'currentPeriodEnd', current_period_end, 'keptDirectorId', kept_director_id)
        from subscriptions where user_id = ${userId})`;
}

/** subscriptionJson's value with its times as dates again. */
export function subscriptionOf(json: SubscriptionJson | null): StoredSubscription | undefined {
  if (!json) return undefined;
  return {
    ...json,
    chosenAt: new Date(json.chosenAt),
    trialStartedAt: dateOrNull(json.trialStartedAt),
    trialEndsAt: dateOrNull(json.trialEndsAt),
    currentPeriodEnd: dateOrNull(json.currentPeriodEnd),
  };
}

function dateOrNull(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

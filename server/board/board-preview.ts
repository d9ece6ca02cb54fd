import { and, eq, isNull } from "drizzle-orm";
import { BOARD_MIN_DIRECTORS, type BoardPreview } from "../../shared/board";
import { DIRECTORS } from "../../shared/directors";
import { planThatUnlocks } from "../../shared/plans";
import type { Database, Transaction } from "../db/client";
import { subscriptions } from "../db/schema";
import type { DirectorStatus } from "../directors/director-access";
import type { PlanStatus } from "../plans/plan-status";

/**
 * The free trial's preview board meeting (shared/board.ts, BoardPreview): one
 * meeting of one question per account, with the directors of the plan that
 * unlocks the board. Held once: the account keeps the meeting's id, so
 * deleting the meeting does not give the preview back.
 */

/** The preview this owner is offered (or has held), or null: not on the trial, or able to hold board meetings. */
export function boardPreviewOf(
  statuses: DirectorStatus[],
  planStatus: PlanStatus,
  heldMeetingId: string | null,
): BoardPreview | null {
  if (planStatus.plan.id !== "free-trial" || planStatus.trialEnded) return null;
  const trained = statuses.filter((status) => status.state === "trained");
  if (trained.length >= BOARD_MIN_DIRECTORS) return null;
  const plan = planThatUnlocks(BOARD_MIN_DIRECTORS - 1);
  if (!plan) return null;
  // The trained directors sit first; the places left go to the others this server offers, in the catalogue's order.
  const untrained = statuses.filter((status) => status.state === "available" || status.state === "over_limit");
  const seated = [...trained, ...untrained].slice(0, plan.directorCount).map((status) => status.director.id);
  const directors = DIRECTORS.filter((director) => seated.includes(director.id)).map((director) => director.id);
  if (directors.length < BOARD_MIN_DIRECTORS) return null;
  return {
    directors,
    plan: { id: plan.id, name: plan.name, directorCount: plan.directorCount },
    meetingId: heldMeetingId,
  };
}

/** The preview meeting this account has held, if any. */
export async function heldPreviewMeeting(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ meetingId: subscriptions.boardPreviewMeetingId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.meetingId ?? null;
}

/** Records this meeting as the account's preview; false when one was already held (two requests at once: one wins). */
export async function claimPreview(db: Database | Transaction, userId: string, meetingId: string): Promise<boolean> {
  const claimed = await db
    .update(subscriptions)
    .set({ boardPreviewMeetingId: meetingId })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.planId, "free-trial"),
        isNull(subscriptions.boardPreviewMeetingId),
      ),
    )
    .returning({ userId: subscriptions.userId });
  return claimed.length > 0;
}

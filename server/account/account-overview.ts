import type { AccountOverview } from "../../shared/settings";
import type { SessionUser } from "../app-env";
import type { AppDeps } from "../deps";
import { directorStatuses } from "../directors/director-access";
import { getPlanStatus } from "../plans/plan-status";
import { getBusinessProfile } from "../profile/business-profile";

/** The settings screen's view of the owner: account, plan, business profile and directors. */
export async function accountOverview(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  user: SessionUser,
): Promise<AccountOverview> {
  const [planStatus, profile] = await Promise.all([getPlanStatus(deps, user.id), getBusinessProfile(deps.db, user.id)]);
  const directors = await directorStatuses(deps, user.id, planStatus);
  return {
    user: { id: user.id, name: user.name, email: user.email, createdAt: user.createdAt.toISOString() },
    plan: planStatus
      ? {
          id: planStatus.plan.id,
          name: planStatus.plan.name,
          price: planStatus.plan.price,
          trialEndsAt: planStatus.trialEndsAt?.toISOString() ?? null,
          trialEnded: planStatus.trialEnded,
          trialDaysLeft: planStatus.trialDaysLeft,
        }
      : null,
    profile: profile ?? null,
    directors: directors.map((status) => ({
      id: status.director.id,
      state: status.state,
      trainedAt: status.trainedAt?.toISOString() ?? null,
    })),
  };
}

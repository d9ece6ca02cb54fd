import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { Cadence } from "../../shared/periods";
import { SCHEDULE_LIMITS } from "../../shared/plans";
import {
  type ScheduleChange,
  type ScheduledRequest,
  type ScheduleInput,
  type SchedulesOverview,
  scheduleChangeSchema,
  scheduleInputSchema,
} from "../../shared/schedules";
import { scheduledRequests, scheduledRuns } from "../db/schema";
import type { AppDeps } from "../deps";
import { requireDirectorAccess } from "../directors/director-access";
import { AppError } from "../http/app-error";
import { deleteOrNotFound } from "../http/delete-or-not-found";
import { requireActivePlan } from "../plans/plan-status";

/** How many of each request's runs the list shows. */
const RUNS_SHOWN = 5;

type RequestRow = typeof scheduledRequests.$inferSelect;

/** The owner's scheduled requests, newest first, each with its latest runs. */
export async function listSchedules(deps: Pick<AppDeps, "db" | "now">, userId: string): Promise<SchedulesOverview> {
  const plan = await requireActivePlan(deps, userId);
  const rows = await deps.db
    .select()
    .from(scheduledRequests)
    .where(eq(scheduledRequests.userId, userId))
    .orderBy(desc(scheduledRequests.createdAt));
  const runs =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(scheduledRuns)
          .where(
            inArray(
              scheduledRuns.requestId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(scheduledRuns.period));
  return {
    limit: SCHEDULE_LIMITS[plan.plan.id],
    schedules: rows.map((row) => ({
      ...requestOf(row),
      runs: runs
        .filter((run) => run.requestId === row.id)
        .slice(0, RUNS_SHOWN)
        .map((run) => ({
          id: run.id,
          period: run.period,
          status: run.status,
          conversationId: run.conversationId,
          isNew: run.status === "ready" && run.seenAt === null,
        })),
    })),
  };
}

function requestOf(row: RequestRow): Omit<ScheduledRequest, "runs"> {
  return {
    id: row.id,
    directorId: row.directorId as DirectorId,
    question: row.question,
    cadence: row.cadence as Cadence,
    paused: row.paused,
    createdAt: row.createdAt.toISOString(),
  };
}

/** "Repeat weekly": a new scheduled request, within the plan's limit, for a director the owner may ask. */
export async function createSchedule(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  userId: string,
  input: ScheduleInput,
): Promise<Omit<ScheduledRequest, "runs">> {
  const values = scheduleInputSchema.parse(input);
  const { planStatus } = await requireDirectorAccess(deps, userId, values.directorId);
  const limit = SCHEDULE_LIMITS[planStatus.plan.id];
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedules:${userId}`}))`);
    const [usage] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledRequests)
      .where(eq(scheduledRequests.userId, userId));
    if ((usage?.n ?? 0) >= limit) {
      throw new AppError("schedule:limit", {
        message: `Your plan repeats at most ${limit} ${limit === 1 ? "question" : "questions"}. Remove one or upgrade your plan.`,
      });
    }
    const now = deps.now();
    const [row] = await tx
      .insert(scheduledRequests)
      .values({ userId, ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("schedule not stored");
    return requestOf(row);
  });
}

/** Pause, resume, change the question or the cadence. */
export async function changeSchedule(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
  id: string,
  change: ScheduleChange,
): Promise<Omit<ScheduledRequest, "runs">> {
  const values = scheduleChangeSchema.parse(change);
  const [row] = await deps.db
    .update(scheduledRequests)
    .set({ ...values, updatedAt: deps.now() })
    .where(and(eq(scheduledRequests.id, id), eq(scheduledRequests.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found:schedule");
  return requestOf(row);
}

export async function deleteSchedule(deps: Pick<AppDeps, "db">, userId: string, id: string): Promise<void> {
  await deleteOrNotFound(
    deps.db,
    scheduledRequests,
    and(eq(scheduledRequests.id, id), eq(scheduledRequests.userId, userId)),
    "not_found:schedule",
  );
}

/** The owner opened a run's conversation: it is no longer new. */
export async function markRunSeen(deps: Pick<AppDeps, "db" | "now">, userId: string, runId: string): Promise<void> {
  const updated = await deps.db
    .update(scheduledRuns)
    .set({ seenAt: deps.now() })
    .where(and(eq(scheduledRuns.id, runId), eq(scheduledRuns.userId, userId), isNull(scheduledRuns.seenAt)))
    .returning({ id: scheduledRuns.id });
  if (updated.length === 0) {
    const [exists] = await deps.db
      .select({ id: scheduledRuns.id })
      .from(scheduledRuns)
      .where(and(eq(scheduledRuns.id, runId), eq(scheduledRuns.userId, userId)));
    if (!exists) throw new AppError("not_found:schedule");
  }
}

/** The owner opened a conversation: a scheduled answer in it is no longer new. */
export async function markConversationSeen(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
  conversationId: string,
): Promise<void> {
  await deps.db
    .update(scheduledRuns)
    .set({ seenAt: deps.now() })
    .where(
      and(
        eq(scheduledRuns.userId, userId),
        eq(scheduledRuns.conversationId, conversationId),
        isNull(scheduledRuns.seenAt),
      ),
    );
}

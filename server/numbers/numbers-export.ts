import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { directorBriefs, metrics, metricValues, numbersSettings, scheduledRequests, scheduledRuns } from "../db/schema";

/** The owner's numbers for "Export my data": settings, metrics, every value, every brief and scheduled request. */
export async function exportNumbers(db: Database, userId: string) {
  const [settings, metricRows, values, briefs, schedules, runs] = await Promise.all([
    db
      .select({
        timeZone: numbersSettings.timeZone,
        currency: numbersSettings.currency,
        reminders: numbersSettings.reminders,
      })
      .from(numbersSettings)
      .where(eq(numbersSettings.userId, userId)),
    db
      .select({
        id: metrics.id,
        name: metrics.name,
        unit: metrics.unit,
        cadence: metrics.cadence,
        directorId: metrics.directorId,
        goodDirection: metrics.goodDirection,
        target: metrics.target,
        createdAt: metrics.createdAt,
      })
      .from(metrics)
      .where(eq(metrics.userId, userId))
      .orderBy(asc(metrics.createdAt)),
    db
      .select({
        metricId: metricValues.metricId,
        period: metricValues.period,
        value: metricValues.value,
        note: metricValues.note,
        updatedAt: metricValues.updatedAt,
      })
      .from(metricValues)
      .where(eq(metricValues.userId, userId))
      .orderBy(asc(metricValues.period)),
    db
      .select({
        directorId: directorBriefs.directorId,
        period: directorBriefs.period,
        cadence: directorBriefs.cadence,
        status: directorBriefs.status,
        content: directorBriefs.content,
        sources: directorBriefs.sources,
        writtenAt: directorBriefs.writtenAt,
      })
      .from(directorBriefs)
      .where(eq(directorBriefs.userId, userId))
      .orderBy(asc(directorBriefs.period)),
    db
      .select({
        id: scheduledRequests.id,
        directorId: scheduledRequests.directorId,
        question: scheduledRequests.question,
        cadence: scheduledRequests.cadence,
        paused: scheduledRequests.paused,
        createdAt: scheduledRequests.createdAt,
      })
      .from(scheduledRequests)
      .where(eq(scheduledRequests.userId, userId))
      .orderBy(asc(scheduledRequests.createdAt)),
    db
      .select({
        requestId: scheduledRuns.requestId,
        period: scheduledRuns.period,
        status: scheduledRuns.status,
        conversationId: scheduledRuns.conversationId,
      })
      .from(scheduledRuns)
      .where(eq(scheduledRuns.userId, userId))
      .orderBy(asc(scheduledRuns.period)),
  ]);
  return {
    settings: settings[0] ?? null,
    metrics: metricRows,
    values,
    briefs,
    schedules: schedules.map((schedule) => ({
      ...schedule,
      runs: runs.filter((run) => run.requestId === schedule.id),
    })),
  };
}

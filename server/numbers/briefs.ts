import { and, desc, eq } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { BriefsOverview, WeeklyBrief } from "../../shared/numbers";
import { type Cadence, periodLabel } from "../../shared/periods";
import { insertAnsweredConversation } from "../chat/answered-conversation";
import { directorBriefs } from "../db/schema";
import type { AppDeps } from "../deps";
import { requireDirectorAccess } from "../directors/director-access";
import { AppError } from "../http/app-error";

type BriefRow = typeof directorBriefs.$inferSelect;

function briefOf(row: BriefRow): WeeklyBrief {
  return {
    id: row.id,
    directorId: row.directorId as DirectorId,
    period: row.period,
    cadence: row.cadence,
    status: row.status,
    content: row.content ?? null,
    sources: row.sources ?? [],
    writtenAt: row.writtenAt?.toISOString() ?? null,
  };
}

/** "This week": the briefs of the latest week that has any, each director's, and those of the latest month. */
export async function latestBriefs(deps: Pick<AppDeps, "db">, userId: string): Promise<BriefsOverview> {
  const [week, month] = await Promise.all([latestOf(deps, userId, "weekly"), latestOf(deps, userId, "monthly")]);
  return { period: week?.period ?? null, briefs: week?.briefs ?? [], month };
}

/** The briefs of the latest period of one cadence that has any; none before the first. */
async function latestOf(deps: Pick<AppDeps, "db">, userId: string, cadence: Cadence) {
  const mine = and(eq(directorBriefs.userId, userId), eq(directorBriefs.cadence, cadence));
  const [latest] = await deps.db
    .select({ period: directorBriefs.period })
    .from(directorBriefs)
    .where(mine)
    .orderBy(desc(directorBriefs.period))
    .limit(1);
  if (!latest) return null;
  const rows = await deps.db
    .select()
    .from(directorBriefs)
    .where(and(mine, eq(directorBriefs.period, latest.period)))
    .orderBy(directorBriefs.directorId);
  return { period: latest.period, briefs: rows.map(briefOf) };
}

/** The brief as it reads in a chat: its three parts, with their citations. */
export function briefText(brief: Pick<WeeklyBrief, "content" | "cadence">): string {
  if (!brief.content) return "";
  const span = brief.cadence === "weekly" ? "week" : "month";
  return `**What moved:** ${brief.content.moved}\n\n**One risk:** ${brief.content.risk}\n\n**One action this ${span}:** ${brief.content.action}`;
}

/**
 * "Discuss": a new conversation with the brief's director that starts with the brief as the director's message, its
 * sources with it, so the next question is asked with the brief in the history.
 */
export async function discussBrief(
  deps: Pick<AppDeps, "db" | "env" | "now">,
  userId: string,
  briefId: string,
): Promise<{ conversationId: string; directorId: DirectorId }> {
  const [row] = await deps.db
    .select()
    .from(directorBriefs)
    .where(and(eq(directorBriefs.id, briefId), eq(directorBriefs.userId, userId)));
  if (!row) throw new AppError("not_found:brief");
  if (row.status !== "ready") throw new AppError("not_found:brief");
  const brief = briefOf(row);
  await requireDirectorAccess(deps, userId, brief.directorId);
  const title =
    brief.cadence === "weekly"
      ? `Weekly brief, ${periodLabel(brief.period, "weekly").replace(/^Week of /, "week of ")}`
      : `Monthly brief, ${periodLabel(brief.period, "monthly")}`;
  const conversationId = await deps.db.transaction((tx) =>
    insertAnsweredConversation(tx, {
      userId,
      directorId: brief.directorId,
      title,
      titleSource: "model",
      // "Weekly brief, week of 16 Nov 2026" → "your weekly brief, week of 16 Nov 2026": the month keeps its capital.
      question: `Let's discuss your ${title.charAt(0).toLowerCase()}${title.slice(1)}.`,
      answer: { text: briefText(brief), sources: brief.sources },
      at: deps.now().getTime(),
    }),
  );
  return { conversationId, directorId: brief.directorId };
}

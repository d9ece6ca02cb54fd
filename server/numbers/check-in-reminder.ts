import { eq, sql } from "drizzle-orm";
import { periodAt } from "../../shared/periods";
import { listMetrics, listValues, readNumbersSettings } from "../db/metric-rows";
import { numbersSettings, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { checkInReminderMessage } from "../mail/messages";
import { dueCheckIns } from "./due-check-ins";

/**
 * One email when a check-in is due, at most one per week however many periods are missed (they all wait in the same
 * form), and none when the owner has turned reminders off or mail is not configured. The week is claimed in the
 * database before the email goes, so several processes send it once. The email names the metrics and links to the
 * form: no figure, note or brief travels by email.
 */
export async function remindOfCheckIn(
  deps: Pick<AppDeps, "db" | "now" | "mail" | "env">,
  userId: string,
): Promise<boolean> {
  if (!deps.mail.configured) return false;
  const settings = await readNumbersSettings(deps.db, userId);
  if (!settings.reminders) return false;
  const [metrics, values] = await Promise.all([listMetrics(deps.db, userId), listValues(deps.db, userId)]);
  const due = dueCheckIns({ metrics, values, timeZone: settings.timeZone, now: deps.now() });
  if (due.length === 0) return false;
  const week = periodAt(deps.now(), "weekly", settings.timeZone);
  const claimed = await deps.db
    .insert(numbersSettings)
    .values({ userId, timeZone: settings.timeZone, currency: settings.currency, remindedFor: week })
    .onConflictDoUpdate({
      target: numbersSettings.userId,
      set: { remindedFor: week },
      where: sql`${numbersSettings.remindedFor} is null or ${numbersSettings.remindedFor} < ${week}`,
    })
    .returning({ userId: numbersSettings.userId });
  if (claimed.length === 0) return false;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const names = [...new Set(due.map((entry) => metrics.find((metric) => metric.id === entry.metricId)?.name ?? ""))];
  const link = new URL("/numbers", deps.env.APP_URL).toString();
  deps.mail.send(checkInReminderMessage(user.email, link, names.filter(Boolean)), "check-in reminder");
  return true;
}

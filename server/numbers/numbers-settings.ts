import type { NumbersSettings, NumbersSettingsChange } from "../../shared/numbers";
import type { Database } from "../db/client";
import { readNumbersSettings } from "../db/metric-rows";
import { numbersSettings } from "../db/schema";

/** Saves what changed; the rest keeps its stored (or default) value. */
export async function saveNumbersSettings(
  db: Database,
  userId: string,
  change: NumbersSettingsChange,
  now: Date,
): Promise<NumbersSettings> {
  const current = await readNumbersSettings(db, userId);
  const next = {
    timeZone: change.timeZone ?? current.timeZone,
    currency: change.currency ?? current.currency,
    reminders: change.reminders ?? current.reminders,
  };
  await db
    .insert(numbersSettings)
    .values({ userId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: numbersSettings.userId, set: { ...next, updatedAt: now } });
  return { ...next, saved: true };
}

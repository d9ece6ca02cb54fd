import { eq } from "drizzle-orm";
import type { NumbersSettings, NumbersSettingsChange } from "../../shared/numbers";
import type { Database } from "../db/client";
import { numbersSettings } from "../db/schema";

const DEFAULTS = { timeZone: "UTC", currency: "USD", reminders: true } as const;

/** The owner's time zone, currency and reminder choice; the defaults until they are first saved. */
export async function readNumbersSettings(db: Database, userId: string): Promise<NumbersSettings> {
  const [row] = await db.select().from(numbersSettings).where(eq(numbersSettings.userId, userId));
  if (!row) return { ...DEFAULTS, saved: false };
  return { timeZone: row.timeZone, currency: row.currency, reminders: row.reminders, saved: true };
}

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

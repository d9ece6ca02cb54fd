import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { DirectorId } from "../../shared/directors";
import type { FactOrigin, FactStatus, RememberedFact } from "../../shared/memory";
import type { Database } from "../db/client";
import { conversations, memorySettings, messages, rememberedFacts } from "../db/schema";
import { AppError } from "../http/app-error";

/** The fact store: every query is scoped by the user id. */

/** A fact's own columns, under the names the owner sees them by (the app, the account export). */
export const FACT_COLUMNS = {
  id: rememberedFacts.id,
  statement: rememberedFacts.statement,
  date: rememberedFacts.factDate,
  directorId: rememberedFacts.directorId,
  onlyDirector: rememberedFacts.onlyDirector,
  keyFact: rememberedFacts.keyFact,
  status: rememberedFacts.status,
  origin: rememberedFacts.origin,
};

const SELECTION = {
  ...FACT_COLUMNS,
  messageId: rememberedFacts.sourceMessageId,
  conversationId: conversations.id,
  conversationTitle: conversations.title,
  createdAt: rememberedFacts.createdAt,
  updatedAt: rememberedFacts.updatedAt,
};

type Row = {
  id: string;
  statement: string;
  date: string;
  directorId: string | null;
  onlyDirector: boolean;
  keyFact: string | null;
  status: FactStatus;
  origin: FactOrigin;
  messageId: string | null;
  conversationId: string | null;
  conversationTitle: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toFact(row: Row): RememberedFact {
  return {
    id: row.id,
    statement: row.statement,
    date: row.date,
    directorId: row.directorId as DirectorId | null,
    onlyDirector: row.onlyDirector,
    keyFact: row.keyFact,
    status: row.status,
    origin: row.origin,
    source:
      row.messageId && row.conversationId
        ? { conversationId: row.conversationId, messageId: row.messageId, title: row.conversationTitle ?? "" }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's facts, newest first, with the conversation each was said in (unless it was deleted). */
export async function readFacts(
  db: Database,
  userId: string,
  filter: { statuses?: FactStatus[]; sourceMessageIds?: string[]; id?: string } = {},
): Promise<RememberedFact[]> {
  const conditions: SQL[] = [eq(rememberedFacts.userId, userId)];
  if (filter.statuses) conditions.push(inArray(rememberedFacts.status, filter.statuses));
  if (filter.sourceMessageIds) {
    if (filter.sourceMessageIds.length === 0) return [];
    conditions.push(inArray(rememberedFacts.sourceMessageId, filter.sourceMessageIds));
  }
  if (filter.id) conditions.push(eq(rememberedFacts.id, filter.id));
  const rows = await db
    .select(SELECTION)
    .from(rememberedFacts)
    .leftJoin(messages, and(eq(messages.id, rememberedFacts.sourceMessageId), eq(messages.userId, userId)))
    .leftJoin(
      conversations,
      and(
        eq(conversations.id, messages.conversationId),
        eq(conversations.userId, userId),
        isNull(conversations.deletedAt),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(rememberedFacts.factDate), desc(rememberedFacts.createdAt));
  return rows.map(toFact);
}

export async function requireFact(db: Database, userId: string, id: string): Promise<RememberedFact> {
  const [fact] = await readFacts(db, userId, { id });
  if (!fact) throw new AppError("not_found:fact");
  return fact;
}

export type NewFact = Omit<RememberedFact, "id" | "source" | "createdAt" | "updatedAt"> & {
  sourceMessageId: string | null;
};

export async function insertFacts(db: Database, userId: string, facts: NewFact[], now: Date): Promise<string[]> {
  if (facts.length === 0) return [];
  const rows = await db
    .insert(rememberedFacts)
    .values(
      facts.map((fact) => ({
        userId,
        statement: fact.statement,
        factDate: fact.date,
        directorId: fact.directorId,
        onlyDirector: fact.onlyDirector,
        keyFact: fact.keyFact,
        status: fact.status,
        origin: fact.origin,
        sourceMessageId: fact.sourceMessageId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: rememberedFacts.id });
  return rows.map((row) => row.id);
}

export async function updateFact(
  db: Database,
  userId: string,
  id: string,
  change: { statement?: string; date?: string; onlyDirector?: boolean; status?: FactStatus },
  now: Date,
): Promise<RememberedFact> {
  const [row] = await db
    .update(rememberedFacts)
    .set({
      statement: change.statement,
      factDate: change.date,
      onlyDirector: change.onlyDirector,
      status: change.status,
      updatedAt: now,
    })
    .where(and(eq(rememberedFacts.id, id), eq(rememberedFacts.userId, userId)))
    .returning({ id: rememberedFacts.id });
  if (!row) throw new AppError("not_found:fact");
  return requireFact(db, userId, id);
}

export async function deleteFact(db: Database, userId: string, id: string): Promise<void> {
  const [row] = await db
    .delete(rememberedFacts)
    .where(and(eq(rememberedFacts.id, id), eq(rememberedFacts.userId, userId)))
    .returning({ id: rememberedFacts.id });
  if (!row) throw new AppError("not_found:fact");
}

export type MemorySettings = { keepAutomatically: boolean; asksHiddenUntil: Record<string, string> };

export async function readMemorySettings(db: Database, userId: string): Promise<MemorySettings> {
  const [row] = await db
    .select({ keepAutomatically: memorySettings.keepAutomatically, asksHiddenUntil: memorySettings.asksHiddenUntil })
    .from(memorySettings)
    .where(eq(memorySettings.userId, userId));
  return row ?? { keepAutomatically: false, asksHiddenUntil: {} };
}

export async function saveKeepAutomatically(db: Database, userId: string, keep: boolean, now: Date) {
  await db
    .insert(memorySettings)
    .values({ userId, keepAutomatically: keep, updatedAt: now })
    .onConflictDoUpdate({ target: memorySettings.userId, set: { keepAutomatically: keep, updatedAt: now } });
}

/** "Not now": the chat does not ask for this key fact until `until`. Past entries are dropped on the way. */
export async function hideAsk(db: Database, userId: string, keyFact: string, until: Date, now: Date) {
  const current = (await readMemorySettings(db, userId)).asksHiddenUntil;
  const asksHiddenUntil = Object.fromEntries(
    Object.entries({ ...current, [keyFact]: until.toISOString() }).filter(
      ([, time]) => Date.parse(time) > now.getTime(),
    ),
  );
  await db
    .insert(memorySettings)
    .values({ userId, asksHiddenUntil, updatedAt: now })
    .onConflictDoUpdate({ target: memorySettings.userId, set: { asksHiddenUntil, updatedAt: now } });
}

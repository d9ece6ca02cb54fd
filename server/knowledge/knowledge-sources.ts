import { and, desc, eq, sql } from "drizzle-orm";
import { type DirectorId, isDirectorId } from "../../shared/directors";
import {
  KNOWLEDGE_FAILURE_MESSAGES,
  type KnowledgeFormat,
  type KnowledgeKind,
  type KnowledgeSourceItem,
  type KnowledgeUsage,
} from "../../shared/knowledge";
import { NO_PLAN_KNOWLEDGE, type Plan } from "../../shared/plans";
import type { Database } from "../db/client";
import { knowledgeOriginals, knowledgeSources } from "../db/schema";
import { AppError } from "../http/app-error";

/** The owner's knowledge sources: what the /knowledge page lists, and the plan's storage limits. */

export type SourceRow = typeof knowledgeSources.$inferSelect;

export function toSourceItem(row: SourceRow): KnowledgeSourceItem {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    name: row.name,
    url: row.finalUrl ?? row.url,
    sizeBytes: row.sizeBytes,
    pageCount: row.pageCount,
    rowCount: row.rowCount,
    directorIds: row.directorIds ? row.directorIds.filter(isDirectorId) : null,
    status: row.status,
    piecesDone: row.piecesDone,
    piecesTotal: row.piecesTotal,
    failure: row.failure ? { code: row.failure, message: KNOWLEDGE_FAILURE_MESSAGES[row.failure] } : null,
    truncated: row.truncated,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
  };
}

export async function listSources(db: Database, userId: string): Promise<SourceRow[]> {
  return db
    .select()
    .from(knowledgeSources)
    .where(eq(knowledgeSources.userId, userId))
    .orderBy(desc(knowledgeSources.createdAt));
}

/** One of the owner's sources, or 404: another owner's source is never found. */
export async function requireSource(db: Database, userId: string, sourceId: string): Promise<SourceRow> {
  if (!/^[0-9a-f-]{36}$/i.test(sourceId)) throw new AppError("not_found:source");
  const [row] = await db
    .select()
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.userId, userId)));
  if (!row) throw new AppError("not_found:source");
  return row;
}

export function limitsOf(plan: Plan | undefined, maxFileBytes: number): KnowledgeUsage["limits"] {
  const knowledge = plan?.knowledge ?? NO_PLAN_KNOWLEDGE;
  return { sources: knowledge.sources, bytes: knowledge.bytes, fileBytes: maxFileBytes };
}

export async function usageOf(db: Database, userId: string): Promise<Pick<KnowledgeUsage, "sources" | "bytes">> {
  const [row] = await db
    .select({
      sources: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${knowledgeSources.sizeBytes}), 0)::bigint`,
    })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.userId, userId));
  return { sources: Number(row?.sources ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export type NewSource = {
  kind: KnowledgeKind;
  format: KnowledgeFormat;
  name: string;
  url?: string;
  directorIds: DirectorId[] | null;
  /** The original to keep for download; a web page has none until it is fetched. */
  original?: { fileName: string; contentType: string; bytes: Uint8Array };
  sizeBytes: number;
};

/**
 * Stores a new source (queued) and its original, within the plan's limits.
 * One owner's additions are taken one at a time, so two uploads at once cannot
 * both slip under a limit.
 */
export async function createSource(
  db: Database,
  input: { userId: string; limits: KnowledgeUsage["limits"]; source: NewSource; now: Date },
): Promise<SourceRow> {
  const { userId, limits, source, now } = input;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`knowledge:${userId}`}))`);
    const usage = await usageOf(tx as unknown as Database, userId);
    if (usage.sources + 1 > limits.sources) {
      throw new AppError("knowledge:source_limit", {
        message: `Your plan keeps at most ${limits.sources} knowledge sources. Delete a source or upgrade your plan to add more.`,
      });
    }
    if (usage.bytes + source.sizeBytes > limits.bytes) throw new AppError("knowledge:storage_limit");
    const [row] = await tx
      .insert(knowledgeSources)
      .values({
        userId,
        kind: source.kind,
        format: source.format,
        name: source.name,
        url: source.url ?? null,
        sizeBytes: source.sizeBytes,
        directorIds: source.directorIds,
        status: "queued",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("the source was not stored");
    if (source.original) {
      await tx.insert(knowledgeOriginals).values({ sourceId: row.id, userId, ...source.original });
    }
    return row;
  });
}

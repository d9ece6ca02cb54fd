import { and, eq, sql } from "drizzle-orm";
import { isFinished, type KnowledgeSourceItem, type NoteEdit } from "../../shared/knowledge";
import type { Database } from "../db/client";
import { knowledgeOriginals, knowledgeSources } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { requireActivePlan } from "../plans/plan-status";
import { maxFileBytes, queueIngestion } from "./add-source";
import { contentTypeOf } from "./detect-format";
import { limitsOf, type SourceRow, toSourceItem, usageOf } from "./knowledge-sources";

/**
 * A note's new title and text: stored as its original, then read and indexed
 * again, so its old pieces give way to the new ones from the next answer on.
 * The plan's storage limit counts the new text in place of the old.
 */
export async function editNote(deps: AppDeps, source: SourceRow, input: NoteEdit): Promise<KnowledgeSourceItem> {
  if (source.kind !== "note") throw new AppError("bad_request:api", { message: "Only a note can be edited." });
  if (!isFinished(source.status)) throw new AppError("knowledge:busy");
  const planStatus = await requireActivePlan(deps, source.userId);
  const limits = limitsOf(planStatus.plan, maxFileBytes(deps));
  const bytes = new TextEncoder().encode(input.text);
  const [previous] = await deps.db.select().from(knowledgeOriginals).where(eq(knowledgeOriginals.sourceId, source.id));

  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`knowledge:${source.userId}`}))`);
    const usage = await usageOf(tx as unknown as Database, source.userId);
    if (usage.bytes - source.sizeBytes + bytes.length > limits.bytes) throw new AppError("knowledge:storage_limit");
    await tx
      .insert(knowledgeOriginals)
      .values({
        sourceId: source.id,
        userId: source.userId,
        fileName: `${input.title}.txt`,
        contentType: contentTypeOf("note"),
        bytes,
      })
      .onConflictDoUpdate({ target: knowledgeOriginals.sourceId, set: { fileName: `${input.title}.txt`, bytes } });
    const [updated] = await tx
      .update(knowledgeSources)
      .set({
        name: input.title,
        sizeBytes: bytes.length,
        status: "queued",
        failure: null,
        piecesDone: 0,
        piecesTotal: 0,
        runToken: null,
        updatedAt: deps.now(),
      })
      .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.userId, source.userId)))
      .returning();
    if (!updated) throw new AppError("not_found:source");
    return updated;
  });

  await queueIngestion(deps, row.id, false, async () => {
    // The note as it was: its pieces were never replaced.
    await deps.db
      .update(knowledgeSources)
      .set({ name: source.name, sizeBytes: source.sizeBytes, status: source.status, failure: source.failure })
      .where(eq(knowledgeSources.id, source.id));
    if (previous) {
      await deps.db
        .update(knowledgeOriginals)
        .set({ fileName: previous.fileName, bytes: previous.bytes })
        .where(eq(knowledgeOriginals.sourceId, source.id));
    }
  });
  return toSourceItem(row);
}

import { and, eq } from "drizzle-orm";
import type { KnowledgeSourceItem, SourceUpdate } from "../../shared/knowledge";
import { knowledgeOriginals, knowledgeSources } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { queueIngestion } from "./add-source";
import { requireSource, type SourceRow, toSourceItem } from "./knowledge-sources";

/** What the owner can change of one of their sources (see requireSource): its name and the directors that use it. */
export async function updateSource(
  deps: AppDeps,
  source: SourceRow,
  input: SourceUpdate,
): Promise<KnowledgeSourceItem> {
  const { userId } = source;
  const [row] = await deps.db
    .update(knowledgeSources)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.directorIds !== undefined ? { directorIds: input.directorIds } : {}),
      updatedAt: deps.now(),
    })
    .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found:source");
  return toSourceItem(row);
}

/** The file or text a source was read from, as stored, with the name it downloads under. */
export async function readOriginal(deps: AppDeps, userId: string, sourceId: string) {
  const source = await requireSource(deps.db, userId, sourceId);
  const [original] = await deps.db
    .select()
    .from(knowledgeOriginals)
    .where(and(eq(knowledgeOriginals.sourceId, source.id), eq(knowledgeOriginals.userId, userId)));
  if (!original) throw new AppError("not_found:source", { message: "This source has no stored original yet." });
  return {
    bytes: original.bytes,
    contentType: original.contentType,
    name: downloadName(source.name, original.fileName),
  };
}

/** Reads a failed source again (retry) or fetches a web page anew (refetch). */
export async function restartSource(
  deps: AppDeps,
  userId: string,
  sourceId: string,
  refetch: boolean,
): Promise<KnowledgeSourceItem> {
  const source = await requireSource(deps.db, userId, sourceId);
  if (refetch && source.kind !== "web") {
    throw new AppError("bad_request:api", { message: "Only a web page can be fetched again." });
  }
  if (!refetch && source.status !== "failed") throw new AppError("knowledge:busy");
  if (refetch && source.status !== "ready" && source.status !== "failed") throw new AppError("knowledge:busy");
  const [row] = await deps.db
    .update(knowledgeSources)
    .set({ status: "queued", failure: null, runToken: null, updatedAt: deps.now() })
    .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found:source");
  await queueIngestion(deps, row.id, refetch, async () => {
    await deps.db
      .update(knowledgeSources)
      .set({ status: source.status, failure: source.failure })
      .where(eq(knowledgeSources.id, source.id));
  });
  return toSourceItem(row);
}

/** Deletes a source; its pieces and original go with it (ON DELETE CASCADE), gone from the next answer. */
export async function deleteSource(deps: AppDeps, userId: string, sourceId: string): Promise<void> {
  const source = await requireSource(deps.db, userId, sourceId);
  await deps.db
    .delete(knowledgeSources)
    .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.userId, userId)));
}

/** The download keeps the source's current name, with the original's extension. */
function downloadName(name: string, originalName: string): string {
  const extension = /\.[a-z0-9]{1,8}$/i.exec(originalName)?.[0] ?? "";
  return name.toLowerCase().endsWith(extension.toLowerCase()) ? name : `${name}${extension}`;
}

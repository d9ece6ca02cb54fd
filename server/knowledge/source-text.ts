import { and, eq } from "drizzle-orm";
import type { SourceText } from "../../shared/knowledge";
import { knowledgeOriginals } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { extractSource } from "./extract/extract-source";
import { requireSource } from "./knowledge-sources";

/**
 * What the directors were given from a ready source, part by part with where
 * each sits ("page 3", "section “Prices”"): read again from the stored
 * original by the same reader the ingestion used, so the owner sees the text
 * their directors know, page by page, however it is cut into pieces.
 */
export async function readSourceText(deps: AppDeps, userId: string, sourceId: string): Promise<SourceText> {
  const source = await requireSource(deps.db, userId, sourceId);
  if (source.status === "failed") {
    throw new AppError("not_found:source", { message: "Nothing could be read from this source." });
  }
  if (source.status !== "ready") throw new AppError("knowledge:busy");
  const [original] = await deps.db
    .select({ bytes: knowledgeOriginals.bytes })
    .from(knowledgeOriginals)
    .where(and(eq(knowledgeOriginals.sourceId, source.id), eq(knowledgeOriginals.userId, userId)));
  if (!original) throw new AppError("not_found:source", { message: "This source has no stored original yet." });
  const extracted = await extractSource(source.format, original.bytes);
  return {
    parts: extracted.sections.map((section) => ({ location: section.location, text: section.text.trim() })),
    truncated: extracted.truncated,
  };
}

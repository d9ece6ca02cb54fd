import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { withoutCitations } from "../../shared/answer-sources";
import type { AnswerAuthor } from "../../shared/chat";
import type { DocumentBody, RichNode, SharedDocument } from "../../shared/documents";
import type { Database } from "../db/client";
import { documents } from "../db/schema";
import { AppError } from "../http/app-error";
import { readVersion } from "./document-store";

/**
 * Read-only links to a document, as for conversations: an unguessable token (32 random bytes) shows the current
 * version to whoever has it, until the owner revokes it. The link shares the document, not the owner's context: the
 * sources are left out, and so are the citation markers that would point at them.
 */

/** The document's link, made on first use; sharing again gives the same link. */
export async function shareDocument(db: Database, userId: string, id: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .update(documents)
    .set({ shareToken: token })
    .where(and(eq(documents.id, id), eq(documents.userId, userId), isNull(documents.shareToken)));
  const [row] = await db
    .select({ token: documents.shareToken })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  if (!row?.token) throw new AppError("not_found:document");
  return row.token;
}

export async function revokeDocumentShare(db: Database, userId: string, id: string) {
  const revoked = await db
    .update(documents)
    .set({ shareToken: null })
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  if (revoked.length === 0) throw new AppError("not_found:document");
}

export async function sharedDocument(db: Database, token: string): Promise<SharedDocument> {
  const [row] = await db.select().from(documents).where(eq(documents.shareToken, token));
  if (!row || row.currentVersion === 0) throw new AppError("not_found:document");
  const content = await readVersion(db, row.userId, row.id, row.currentVersion);
  return {
    title: row.title,
    directorId: row.directorId as AnswerAuthor,
    body: withoutMarkers(content),
    assumptions: content.assumptions,
  };
}

function withoutMarkers(body: DocumentBody): DocumentBody {
  if (body.kind === "sheet") {
    return { kind: "sheet", sheet: { ...body.sheet, rows: body.sheet.rows.map((row) => row.map(withoutCitations)) } };
  }
  const strip = (node: RichNode): RichNode => ({
    ...node,
    ...(node.text !== undefined ? { text: withoutCitations(node.text) } : {}),
    ...(node.content ? { content: node.content.map(strip) } : {}),
  });
  return { kind: "rich", doc: strip(body.doc) };
}

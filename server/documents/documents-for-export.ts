import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, documentVersions } from "../db/schema";

/** The owner's documents for "Export my data": each with every version, oldest first. */
export async function documentsForExport(db: Database, userId: string) {
  const [rows, versions] = await Promise.all([
    db
      .select({
        id: documents.id,
        directorId: documents.directorId,
        kind: documents.kind,
        title: documents.title,
        contentKind: documents.contentKind,
        status: documents.status,
        currentVersion: documents.currentVersion,
        shared: documents.shareToken,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(asc(documents.createdAt)),
    db
      .select({
        documentId: documentVersions.documentId,
        number: documentVersions.number,
        author: documentVersions.author,
        note: documentVersions.note,
        content: documentVersions.content,
        createdAt: documentVersions.createdAt,
      })
      .from(documentVersions)
      .where(eq(documentVersions.userId, userId))
      .orderBy(asc(documentVersions.number)),
  ]);
  return rows.map(({ shared, ...row }) => ({
    ...row,
    shared: shared !== null,
    versions: versions
      .filter((version) => version.documentId === row.id)
      .map(({ documentId: _id, ...version }) => version),
  }));
}

import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { AnswerAuthor } from "../../shared/chat";
import type {
  DocumentAuthor,
  DocumentContentKind,
  DocumentStatus,
  DocumentSummary,
  DocumentView,
  VersionContent,
} from "../../shared/documents";
import { type ErrorCode, isErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import { documents, documentVersions } from "../db/schema";
import { AppError } from "../http/app-error";
import { deleteOrNotFound } from "../http/delete-or-not-found";

/**
 * Documents and their versions as stored. Every read and write is scoped to the owner; a version is added only on
 * the version it was made from, so two tabs never silently overwrite each other.
 */

/** A drafting whose writer has not been heard from for this long has died (a crash, a restart): it is incomplete. */
export const DRAFT_STALE_MS = 45_000;

export type DocumentRow = typeof documents.$inferSelect;

export async function insertDocument(
  db: Database,
  input: {
    userId: string;
    directorId: string;
    kind: string;
    title: string;
    contentKind: DocumentContentKind;
    request: Record<string, unknown>;
    now: Date;
  },
): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({ ...input, status: "drafting", createdAt: input.now, updatedAt: input.now })
    .returning();
  if (!row) throw new AppError("server:internal");
  return row;
}

export async function countDocuments(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
  return row?.n ?? 0;
}

export async function requireDocument(db: Database, userId: string, id: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  if (!row) throw new AppError("not_found:document");
  return row;
}

/** A drafting that has gone silent shows as incomplete, with the spec's error, so the owner can retry it. */
export function shownDocumentStatus(
  row: DocumentRow,
  now: Date,
): { status: DocumentStatus; errorCode: ErrorCode | null } {
  if (row.status === "drafting" && now.getTime() - row.updatedAt.getTime() > DRAFT_STALE_MS) {
    return { status: "incomplete", errorCode: "documents:draft_incomplete" };
  }
  return { status: row.status, errorCode: isErrorCode(row.errorCode) ? row.errorCode : null };
}

export function toDocumentSummary(row: DocumentRow, now: Date): DocumentSummary {
  return {
    id: row.id,
    directorId: row.directorId as AnswerAuthor,
    kind: row.kind,
    title: row.title,
    contentKind: row.contentKind,
    ...shownDocumentStatus(row, now),
    currentVersion: row.currentVersion,
    shared: row.shareToken !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The owner's documents, newest first; `query` narrows them to those whose title or current version's text contains
 * it (a rich document's text, a sheet's headers and cells, the assumptions; never the cited excerpts).
 */
export async function listDocuments(db: Database, userId: string, now: Date, query?: string) {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), query ? titleOrTextContains(query) : undefined))
    .orderBy(desc(documents.updatedAt));
  return rows.map((row) => toDocumentSummary(row, now));
}

/** Where a version keeps the words an owner would search for. */
const SEARCHED_TEXT = [
  "lax $.doc.**.text",
  "lax $.sheet.rows[*][*]",
  "lax $.sheet.columns[*].header",
  "lax $.assumptions[*].text",
];

function titleOrTextContains(query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const texts = sql.join(
    SEARCHED_TEXT.map((path) => sql`select jsonb_path_query(${documentVersions.content}, ${path}::jsonpath) as value`),
    sql` union all `,
  );
  return or(
    ilike(documents.title, pattern),
    sql`exists (
      select 1 from ${documentVersions}
      cross join lateral (${texts}) as texts
      where ${documentVersions.documentId} = ${documents.id}
        and ${documentVersions.userId} = ${documents.userId}
        and ${documentVersions.number} = ${documents.currentVersion}
        and texts.value #>> '{}' ilike ${pattern}
    )`,
  );
}

/** A document as the screen opens it: the current version's content and the list of versions. */
export async function documentView(db: Database, row: DocumentRow, now: Date): Promise<DocumentView> {
  const versions = await db
    .select({
      number: documentVersions.number,
      author: documentVersions.author,
      note: documentVersions.note,
      createdAt: documentVersions.createdAt,
    })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, row.id))
    .orderBy(desc(documentVersions.number));
  const content = row.currentVersion > 0 ? await readVersion(db, row.userId, row.id, row.currentVersion) : null;
  return {
    ...toDocumentSummary(row, now),
    content,
    versions: versions.map((version) => ({ ...version, createdAt: version.createdAt.toISOString() })),
    shareToken: row.shareToken,
  };
}

export async function readVersion(
  db: Database,
  userId: string,
  documentId: string,
  number: number,
): Promise<VersionContent> {
  const [version] = await db
    .select({ content: documentVersions.content })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.userId, userId),
        eq(documentVersions.number, number),
      ),
    );
  if (!version) throw new AppError("not_found:document");
  return version.content as VersionContent;
}

export type NewVersion = {
  userId: string;
  documentId: string;
  /** The version the change was made on; anything else is current now → 409, nothing stored. */
  baseVersion: number;
  content: VersionContent;
  author: DocumentAuthor;
  note: string;
  now: Date;
  /** Drafting ends with its version: the status it leaves the document in. */
  status?: DocumentStatus;
  errorCode?: ErrorCode | null;
  title?: string;
};

/** Adds the next version on `baseVersion` and makes it current, in one transaction; returns its number. */
export async function addVersion(db: Database, version: NewVersion): Promise<number> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(documents)
      .set({
        currentVersion: sql`${documents.currentVersion} + 1`,
        updatedAt: version.now,
        ...(version.status ? { status: version.status, errorCode: version.errorCode ?? null } : {}),
        ...(version.title ? { title: version.title } : {}),
      })
      .where(
        and(
          eq(documents.id, version.documentId),
          eq(documents.userId, version.userId),
          eq(documents.currentVersion, version.baseVersion),
        ),
      )
      .returning({ currentVersion: documents.currentVersion });
    if (!moved) {
      await requireDocument(tx as unknown as Database, version.userId, version.documentId);
      throw new AppError("conflict:document_version");
    }
    await tx.insert(documentVersions).values({
      documentId: version.documentId,
      userId: version.userId,
      number: moved.currentVersion,
      content: version.content as unknown as Record<string, unknown>,
      author: version.author,
      note: version.note,
      createdAt: version.now,
    });
    return moved.currentVersion;
  });
}

/** Drafting is under way again (a Retry): the document is drafting from now. */
export async function markDrafting(db: Database, userId: string, id: string, now: Date) {
  await db
    .update(documents)
    .set({ status: "drafting", errorCode: null, updatedAt: now })
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
}

/** The drafting's heartbeat, so readers can tell it is still being written. */
export async function touchDocument(db: Database, id: string, now: Date) {
  await db
    .update(documents)
    .set({ updatedAt: now })
    .where(and(eq(documents.id, id), eq(documents.status, "drafting")));
}

/** A drafting that did not produce a whole draft: incomplete, with the error the owner sees, nothing saved as whole. */
export async function markIncomplete(db: Database, id: string, errorCode: ErrorCode, now: Date) {
  await db.update(documents).set({ status: "incomplete", errorCode, updatedAt: now }).where(eq(documents.id, id));
}

export async function renameDocument(db: Database, userId: string, id: string, title: string, now: Date) {
  const [row] = await db
    .update(documents)
    .set({ title, updatedAt: now })
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning();
  if (!row) throw new AppError("not_found:document");
  return row;
}

/** Deletes the document and every version of it (the versions cascade). */
export async function deleteDocument(db: Database, userId: string, id: string) {
  await deleteOrNotFound(db, documents, and(eq(documents.id, id), eq(documents.userId, userId)), "not_found:document");
}

/** Every version of a document, oldest first (for comparing two of them in the browser). */
export async function listVersionContents(db: Database, userId: string, documentId: string) {
  return db
    .select({ number: documentVersions.number, content: documentVersions.content })
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.userId, userId)))
    .orderBy(asc(documentVersions.number));
}

import { type Context, Hono } from "hono";
import type { z } from "zod";
import {
  assumptionValueSchema,
  changeDocumentSchema,
  createDocumentSchema,
  EXPORT_FORMATS,
  type ExportFormat,
  renameDocumentSchema,
  restoreVersionSchema,
  saveDocumentSchema,
} from "../../../shared/documents";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { attachmentHeader } from "../../chat/export-conversation";
import type { AppDeps } from "../../deps";
import { rememberRealValue } from "../../documents/assumption-facts";
import { changeDocument, restoreVersion, saveEdit } from "../../documents/document-edits";
import { revokeDocumentShare, shareDocument, sharedDocument } from "../../documents/document-shares";
import {
  type DocumentRow,
  deleteDocument,
  documentView,
  listDocuments,
  readVersion,
  renameDocument,
  requireDocument,
} from "../../documents/document-store";
import { retryDocument, startDocument } from "../../documents/draft-document";
import { exportDocument } from "../../documents/export-document";
import { warmPdfExportOnce } from "../../export/warm-pdf";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { idParam } from "../chat/id-param";
import { sharedLinkRoutes } from "../chat/shared-link";

/**
 * Documents and spreadsheets (issue 41): drafting (streamed, one JSON event per line), the library, editing with
 * versions, asking the director for a change, export and read-only links. Every id is checked against the owner.
 */
export function documentRoutes(deps: AppDeps) {
  const { db } = deps;
  const documentOf = (c: { req: { param(name: "id"): string } }, userId: string) =>
    requireDocument(db, userId, idParam(c.req.param("id"), "not_found:document"));
  const view = async (userId: string, id: string) =>
    documentView(db, await requireDocument(db, userId, id), deps.now());
  /** A route that makes the document's next version from the request, answered with the document as it now is. */
  const newVersion =
    <T extends z.ZodType>(
      schema: T,
      make: (row: DocumentRow, input: z.output<T>, c: Context<AppEnv>) => Promise<unknown>,
    ) =>
    async (c: Context<AppEnv, "/:id">) => {
      const user = c.get("user");
      const input = await readJson(c, schema, "validation:document");
      const row = await documentOf(c, user.id);
      await make(row, input, c);
      return c.json(await view(user.id, row.id));
    };

  return (
    new Hono<AppEnv>()
      .use(requireUser(deps.sessions))
      .get("/", async (c) => {
        const query = (c.req.query("q") ?? "").trim().slice(0, 200);
        return c.json({ documents: await listDocuments(db, c.get("user").id, deps.now(), query || undefined) });
      })
      .post("/", async (c) => {
        const input = await readJson(c, createDocumentSchema, "validation:document");
        return startDocument(deps, { userId: c.get("user").id, log: c.get("log") }, input);
      })
      .get("/:id", async (c) => {
        const row = await documentOf(c, c.get("user").id);
        warmPdfExportOnce(deps.env, c.get("log"));
        return c.json(await documentView(db, row, deps.now()));
      })
      // What a tab open on the document asks every few seconds: has another tab or window saved a newer version?
      .get("/:id/head", async (c) => {
        const row = await documentOf(c, c.get("user").id);
        c.header("Cache-Control", "no-store");
        return c.json({ currentVersion: row.currentVersion, updatedAt: row.updatedAt.toISOString() });
      })
      .patch("/:id", async (c) => {
        const user = c.get("user");
        const { title } = await readJson(c, renameDocumentSchema, "validation:document");
        const row = await documentOf(c, user.id);
        await renameDocument(db, user.id, row.id, title, deps.now());
        return c.json(await view(user.id, row.id));
      })
      .delete("/:id", async (c) => {
        const user = c.get("user");
        const row = await documentOf(c, user.id);
        await deleteDocument(db, user.id, row.id);
        return c.json({ ok: true });
      })
      .put(
        "/:id/content",
        newVersion(saveDocumentSchema, (row, input) => saveEdit(deps, row, input)),
      )
      .post(
        "/:id/change",
        newVersion(changeDocumentSchema, (row, input, c) => changeDocument(deps, c.get("log"), row, input)),
      )
      .post(
        "/:id/restore",
        newVersion(restoreVersionSchema, (row, input) => restoreVersion(deps, row, input)),
      )
      .post("/:id/retry", async (c) => {
        const user = c.get("user");
        const row = await documentOf(c, user.id);
        return retryDocument(deps, { userId: user.id, log: c.get("log") }, row.id);
      })
      .get("/:id/versions/:number", async (c) => {
        const user = c.get("user");
        const row = await documentOf(c, user.id);
        const number = Number(c.req.param("number"));
        if (!Number.isInteger(number) || number < 1) throw new AppError("not_found:document");
        return c.json({ number, content: await readVersion(db, user.id, row.id, number) });
      })
      .post("/:id/assumptions/:index", async (c) => {
        const user = c.get("user");
        const { value } = await readJson(c, assumptionValueSchema, "validation:document");
        const row = await documentOf(c, user.id);
        const index = Number(c.req.param("index"));
        if (!Number.isInteger(index) || index < 0) throw new AppError("not_found:document");
        return c.json({ fact: await rememberRealValue(deps, row, index, value) });
      })
      .get("/:id/export", async (c) => {
        const user = c.get("user");
        const row = await documentOf(c, user.id);
        const format = c.req.query("format") ?? "";
        if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
          throw new AppError("bad_request:api", { message: "Choose a format to export: docx, pdf, xlsx, csv or md." });
        }
        if (row.currentVersion === 0)
          throw new AppError("bad_request:api", { message: "This document has no draft yet." });
        const content = await readVersion(db, user.id, row.id, row.currentVersion);
        const file = await exportDocument(row.title, content, format as ExportFormat);
        c.header("Content-Disposition", attachmentHeader(file.fileName));
        c.header("Cache-Control", "no-store");
        c.header("Content-Type", file.type);
        return typeof file.body === "string" ? c.body(file.body) : c.body(file.body as Uint8Array<ArrayBuffer>);
      })
      .post("/:id/share", async (c) => {
        const user = c.get("user");
        const row = await documentOf(c, user.id);
        return c.json({ token: await shareDocument(db, user.id, row.id) });
      })
      .delete("/:id/share", async (c) => {
        const user = c.get("user");
        const row = await documentOf(c, user.id);
        await revokeDocumentShare(db, user.id, row.id);
        return c.json({ ok: true });
      })
  );
}

/** GET /api/shared-documents/:token: a shared document for anyone with the link; never indexed. */
export function sharedDocumentRoutes(deps: AppDeps) {
  return sharedLinkRoutes((token) => sharedDocument(deps.db, token), "not_found:document");
}

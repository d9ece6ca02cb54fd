import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { noteEditSchema, noteSchema, sourceUpdateSchema, webPageSchema } from "../../../shared/knowledge";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { readJson } from "../../http/read-json";
import { addSource, maxFileBytes } from "../../knowledge/add-source";
import { contentTypeOf } from "../../knowledge/detect-format";
import { editNote } from "../../knowledge/edit-note";
import { knowledgeList } from "../../knowledge/knowledge-list";
import { requireSource } from "../../knowledge/knowledge-sources";
import { deleteSource, readOriginal, restartSource, updateSource } from "../../knowledge/source-changes";
import { attachmentHeader } from "../../knowledge/source-name";
import { readSourceText } from "../../knowledge/source-text";
import { fileTooLarge, readUpload } from "./read-upload";

/** Room for the multipart envelope around the largest allowed file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * /api/knowledge: the owner's documents, web pages and notes (Level 2
 * training). Every route is the signed-in owner's own: another owner's source
 * is never listed, found, downloaded or changed (404).
 */
export function knowledgeRoutes(deps: AppDeps) {
  const limit = maxFileBytes(deps);
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps.sessions))
      .get("/", async (c) => {
        const body = await knowledgeList(deps, c.get("user").id);
        c.header("Cache-Control", "no-store");
        return c.json(body);
      })
      // Multipart by design (declared in app.ts's NON_JSON_BODIES): its own limit, the file's plus the envelope.
      .post(
        "/files",
        bodyLimit({
          maxSize: limit + MULTIPART_OVERHEAD_BYTES,
          onError: () => {
            throw fileTooLarge(limit);
          },
        }),
        async (c) => {
          const source = await readUpload(c, deps);
          return c.json({ source: await addSource(deps, c.get("user").id, source) }, 201);
        },
      )
      .post("/web", async (c) => {
        const input = await readJson(c, webPageSchema, "validation:knowledge");
        const source = await addSource(deps, c.get("user").id, {
          kind: "web",
          format: "web",
          name: input.url,
          url: input.url,
          directorIds: input.directorIds,
          sizeBytes: 0,
        });
        return c.json({ source }, 201);
      })
      .post("/notes", async (c) => {
        const input = await readJson(c, noteSchema, "validation:knowledge");
        const bytes = new TextEncoder().encode(input.text);
        const source = await addSource(deps, c.get("user").id, {
          kind: "note",
          format: "note",
          name: input.title,
          directorIds: input.directorIds,
          original: { fileName: `${input.title}.txt`, contentType: contentTypeOf("note"), bytes },
          sizeBytes: bytes.length,
        });
        return c.json({ source }, 201);
      })
      .patch("/:id", async (c) => {
        const source = await requireSource(deps.db, c.get("user").id, c.req.param("id"));
        const input = await readJson(c, sourceUpdateSchema, "validation:knowledge");
        return c.json({ source: await updateSource(deps, source, input) });
      })
      .put("/:id/note", async (c) => {
        const source = await requireSource(deps.db, c.get("user").id, c.req.param("id"));
        const input = await readJson(c, noteEditSchema, "validation:knowledge");
        return c.json({ source: await editNote(deps, source, input) });
      })
      .get("/:id/text", async (c) => {
        const text = await readSourceText(deps, c.get("user").id, c.req.param("id"));
        c.header("Cache-Control", "private, no-store");
        return c.json(text);
      })
      .get("/:id/original", async (c) => {
        const original = await readOriginal(deps, c.get("user").id, c.req.param("id"));
        // Always a download, never rendered: whatever the file holds cannot run as this site's page, even in a
        // browser that ignores the attachment (no type it would render, no sniffing, a sandbox without any source).
        return c.body(Buffer.from(original.bytes), 200, {
          "Content-Type": inertContentType(original.contentType),
          "Content-Disposition": attachmentHeader(original.name),
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox; default-src 'none'",
          "Cache-Control": "private, no-store",
        });
      })
      .post("/:id/retry", async (c) => {
        const source = await restartSource(deps, c.get("user").id, c.req.param("id"), false);
        return c.json({ source });
      })
      .post("/:id/refetch", async (c) => {
        const source = await restartSource(deps, c.get("user").id, c.req.param("id"), true);
        return c.json({ source });
      })
      .delete("/:id", async (c) => {
        await deleteSource(deps, c.get("user").id, c.req.param("id"));
        return c.json({ ok: true });
      })
  );
}

/** Text stays readable as plain text; anything else is bytes to save. */
function inertContentType(contentType: string): string {
  return contentType.startsWith("text/") ? "text/plain; charset=utf-8" : "application/octet-stream";
}

import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type KnowledgeListResponse, noteSchema, sourceUpdateSchema, webPageSchema } from "../../../shared/knowledge";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { knowledgeOriginals, knowledgeSources } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { readJson } from "../../http/read-json";
import { contentTypeOf } from "../../knowledge/detect-format";
import { limitsOf, listSources, requireSource, toSourceItem, usageOf } from "../../knowledge/knowledge-sources";
import { attachmentHeader } from "../../knowledge/source-name";
import { getPlanStatus } from "../plans/plan-status";
import { addSource, maxFileBytes, queueIngestion } from "./add-source";
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
        const userId = c.get("user").id;
        const [rows, usage, planStatus] = await Promise.all([
          listSources(deps.db, userId),
          usageOf(deps.db, userId),
          getPlanStatus(deps, userId),
        ]);
        const body: KnowledgeListResponse = {
          sources: rows.map(toSourceItem),
          usage: { ...usage, limits: limitsOf(planStatus?.plan, limit) },
          planId: planStatus?.plan.id ?? null,
        };
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
        const userId = c.get("user").id;
        const source = await requireSource(deps.db, userId, c.req.param("id"));
        const input = await readJson(c, sourceUpdateSchema, "validation:knowledge");
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
        return c.json({ source: toSourceItem(row) });
      })
      .get("/:id/original", async (c) => {
        const userId = c.get("user").id;
        const source = await requireSource(deps.db, userId, c.req.param("id"));
        const [original] = await deps.db
          .select()
          .from(knowledgeOriginals)
          .where(and(eq(knowledgeOriginals.sourceId, source.id), eq(knowledgeOriginals.userId, userId)));
        if (!original) throw new AppError("not_found:source", { message: "This source has no stored original yet." });
        // Always a download, never rendered: whatever the file holds cannot run as this site's page, even in a
        // browser that ignores the attachment (no type it would render, no sniffing, a sandbox without any source).
        return c.body(Buffer.from(original.bytes), 200, {
          "Content-Type": inertContentType(original.contentType),
          "Content-Disposition": attachmentHeader(downloadName(source.name, original.fileName)),
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox; default-src 'none'",
          "Cache-Control": "private, no-store",
        });
      })
      .post("/:id/retry", async (c) => {
        const source = await restart(deps, c.get("user").id, c.req.param("id"), false);
        return c.json({ source });
      })
      .post("/:id/refetch", async (c) => {
        const source = await restart(deps, c.get("user").id, c.req.param("id"), true);
        return c.json({ source });
      })
      .delete("/:id", async (c) => {
        const userId = c.get("user").id;
        const source = await requireSource(deps.db, userId, c.req.param("id"));
        // Its pieces and original go with it (ON DELETE CASCADE): gone from the next answer.
        await deps.db
          .delete(knowledgeSources)
          .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.userId, userId)));
        return c.json({ ok: true });
      })
  );
}

/** Reads a failed source again (retry) or fetches a web page anew (refetch). */
async function restart(deps: AppDeps, userId: string, sourceId: string, refetch: boolean) {
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

/** Text stays readable as plain text; anything else is bytes to save. */
function inertContentType(contentType: string): string {
  return contentType.startsWith("text/") ? "text/plain; charset=utf-8" : "application/octet-stream";
}

/** The download keeps the source's current name, with the original's extension. */
function downloadName(name: string, originalName: string): string {
  const extension = /\.[a-z0-9]{1,8}$/i.exec(originalName)?.[0] ?? "";
  return name.toLowerCase().endsWith(extension.toLowerCase()) ? name : `${name}${extension}`;
}

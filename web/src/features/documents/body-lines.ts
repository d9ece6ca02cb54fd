import { docToOutline, outlineLines } from "#shared/document-outline";
import type { DocumentBody } from "#shared/documents";

/** A body as lines of text, for comparing two versions: the outline of a document, the cells of a sheet. */
export function bodyLines(body: DocumentBody): string[] {
  if (body.kind === "rich") return outlineLines(docToOutline(body.doc));
  return [
    body.sheet.columns.map((column) => column.header).join(" | "),
    ...body.sheet.rows.map((row) => row.join(" | ")),
  ];
}

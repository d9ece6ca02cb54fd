import type { ExportFormat, VersionContent } from "../../shared/documents";
import { exportFormatsFor } from "../../shared/documents";
import { fileNameFor } from "../chat/export-conversation";
import { AppError } from "../http/app-error";
import { toCsv, toMarkdown } from "./export-text";

/**
 * A document's current version as a file in one of its formats. The file libraries (docx, pdfmake, exceljs) load
 * with the first export of their kind, not at start.
 */
export async function exportDocument(
  title: string,
  content: VersionContent,
  format: ExportFormat,
): Promise<{ body: Uint8Array | string; type: string; fileName: string }> {
  if (!exportFormatsFor(content.kind).includes(format)) {
    throw new AppError("bad_request:api", { message: `This document cannot be exported as .${format}.` });
  }
  const fileName = fileNameFor(title, format);
  if (format === "md") return { body: toMarkdown(title, content), type: "text/markdown; charset=utf-8", fileName };
  if (content.kind === "sheet") {
    if (format === "csv") return { body: toCsv(content.sheet), type: "text/csv; charset=utf-8", fileName };
    const { toXlsx } = await import("./export-xlsx");
    return {
      body: new Uint8Array(await toXlsx(title, content.sheet, content.assumptions)),
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      fileName,
    };
  }
  if (format === "pdf") {
    const { toDocumentPdf } = await import("./export-pdf");
    return {
      body: new Uint8Array(await toDocumentPdf(title, content.doc, content.assumptions)),
      type: "application/pdf",
      fileName,
    };
  }
  const { toDocx } = await import("./export-docx");
  return {
    body: new Uint8Array(await toDocx(title, content.doc, content.assumptions)),
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    fileName,
  };
}

import { KNOWLEDGE_FILE_TYPES, type KnowledgeFormat } from "../../shared/knowledge";

type FileFormat = keyof typeof KNOWLEDGE_FILE_TYPES;

const CONTENT_TYPES: Record<FileFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/**
 * What a file is, from its name and its first bytes together: a PDF must
 * start like one, a DOCX must be a ZIP, and text formats must be UTF-8 text
 * (no NUL bytes). Anything else is undefined: not a type we take.
 */
export function detectFormat(
  fileName: string,
  bytes: Uint8Array,
): { format: FileFormat; contentType: string } | undefined {
  const lower = fileName.toLowerCase();
  const format = (Object.keys(KNOWLEDGE_FILE_TYPES) as FileFormat[]).find((key) =>
    KNOWLEDGE_FILE_TYPES[key].extensions.some((extension) => lower.endsWith(extension)),
  );
  if (!format) return undefined;
  const head = Buffer.from(bytes.subarray(0, 8));
  if (format === "pdf" && !head.subarray(0, 5).equals(Buffer.from("%PDF-"))) return undefined;
  if (format === "docx" && !head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return undefined;
  if (format !== "pdf" && format !== "docx" && !isUtf8Text(bytes)) return undefined;
  return { format, contentType: CONTENT_TYPES[format] };
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function contentTypeOf(format: KnowledgeFormat): string {
  if (format === "web") return "text/html; charset=utf-8";
  if (format === "note") return "text/plain; charset=utf-8";
  return CONTENT_TYPES[format];
}

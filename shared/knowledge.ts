import { z } from "zod";
import { DIRECTOR_IDS, type DirectorId } from "./directors";
import { ownerText, withoutBidiControls } from "./validation";
import { webAddressSchema } from "./web-address";

/** Level 2 training: the owner's documents, web pages and notes, shared by the /knowledge page and its API. */

export const KNOWLEDGE_KINDS = ["file", "web", "note"] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

export const KNOWLEDGE_FORMATS = ["pdf", "docx", "txt", "md", "csv", "html", "web", "note"] as const;
export type KnowledgeFormat = (typeof KNOWLEDGE_FORMATS)[number];

/** The file types an owner may add, by extension; the server also checks what the bytes are. */
export const KNOWLEDGE_FILE_TYPES = {
  pdf: { label: "PDF", extensions: [".pdf"] },
  docx: { label: "Word", extensions: [".docx"] },
  txt: { label: "Text", extensions: [".txt"] },
  md: { label: "Markdown", extensions: [".md", ".markdown"] },
  csv: { label: "CSV", extensions: [".csv"] },
  html: { label: "HTML", extensions: [".html", ".htm"] },
} as const satisfies Partial<Record<KnowledgeFormat, { label: string; extensions: readonly string[] }>>;

export const KNOWLEDGE_ACCEPT = Object.values(KNOWLEDGE_FILE_TYPES)
  .flatMap((type) => type.extensions)
  .join(",");

export const FORMAT_LABELS: Record<KnowledgeFormat, string> = {
  pdf: "PDF",
  docx: "Word",
  txt: "Text",
  md: "Markdown",
  csv: "CSV",
  html: "HTML",
  web: "Web page",
  note: "Note",
};

/**
 * queued → reading → indexing (n of m pieces) → ready; waiting_ai while the AI
 * service is down (it finishes by itself); failed with a reason.
 */
export const KNOWLEDGE_STATUSES = ["queued", "reading", "indexing", "waiting_ai", "ready", "failed"] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/** Why a source could not be read, each with what the owner sees. */
export const KNOWLEDGE_FAILURE_MESSAGES = {
  pdf_encrypted: "This PDF is protected with a password. Remove the password and add it again.",
  pdf_corrupt: "This PDF could not be read. It may be damaged.",
  pdf_no_text: "This PDF has no readable text — it may be a scanned image",
  docx_corrupt: "This Word document could not be read. It may be damaged.",
  no_text: "No readable text was found in it.",
  too_big_to_read: "This file expands to more than we can read",
  too_slow_to_read: "This file takes too long to read. Split it into smaller files and add them again.",
  url_not_found: "This address could not be found. Check it for typing mistakes.",
  url_private: "This address points to a private network, which cannot be imported.",
  url_http_error: "The page answered with an error. Check the address, or try again later.",
  url_not_html: "This address is not a web page.",
  url_too_large: "This page is too large to import.",
  url_redirect_loop: "This address redirects too many times.",
  url_timeout: "The page took too long to answer.",
  url_unreachable: "The page could not be reached.",
  ai_unavailable: "The AI service stayed unavailable for too long. Press Retry to try again.",
  internal: "Something went wrong while reading this. Press Retry to try again.",
} as const;
export type KnowledgeFailure = keyof typeof KNOWLEDGE_FAILURE_MESSAGES;
export const KNOWLEDGE_FAILURES = Object.keys(KNOWLEDGE_FAILURE_MESSAGES) as [KnowledgeFailure, ...KnowledgeFailure[]];

export const WAITING_FOR_AI = "Waiting for the AI service";

/** The most text kept from one source (about 500,000 tokens); longer text is cut and the source says so. */
export const KNOWLEDGE_MAX_TEXT_CHARS = 2_000_000;
export const NOTE_MAX_CHARS = 100_000;
export const SOURCE_NAME_MAX_CHARS = 200;

const directorIdsSchema = z
  .array(z.enum(DIRECTOR_IDS))
  .min(1, "Choose at least one director, or all of them.")
  .nullable()
  .default(null);

export const noteSchema = z.object({
  title: ownerText({ error: "Give the note a title" })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, "Give the note a title")
    .max(SOURCE_NAME_MAX_CHARS, `Keep the title under ${SOURCE_NAME_MAX_CHARS} characters`),
  text: ownerText({ error: "Paste or write the note's text" })
    .trim()
    .min(1, "Paste or write the note's text")
    .max(NOTE_MAX_CHARS, "Keep a note under 100,000 characters; add longer text as a file"),
  directorIds: directorIdsSchema,
});
export type NoteInput = z.input<typeof noteSchema>;

export const webPageSchema = z.object({
  url: webAddressSchema("Enter the page's address"),
  directorIds: directorIdsSchema,
});
export type WebPageInput = z.input<typeof webPageSchema>;

export const sourceUpdateSchema = z
  .object({
    name: ownerText({ error: "The name cannot be empty" })
      .overwrite(withoutBidiControls)
      .trim()
      .min(1, "The name cannot be empty")
      .max(SOURCE_NAME_MAX_CHARS, `Keep the name under ${SOURCE_NAME_MAX_CHARS} characters`)
      .optional(),
    directorIds: z
      .array(z.enum(DIRECTOR_IDS))
      .min(1, "Choose at least one director, or all of them.")
      .nullable()
      .optional(),
  })
  .refine((value) => value.name !== undefined || value.directorIds !== undefined, "Nothing to change");
export type SourceUpdate = z.input<typeof sourceUpdateSchema>;

export type KnowledgeSourceItem = {
  id: string;
  kind: KnowledgeKind;
  format: KnowledgeFormat;
  name: string;
  url: string | null;
  sizeBytes: number;
  pageCount: number | null;
  rowCount: number | null;
  /** null: every director may use it. */
  directorIds: DirectorId[] | null;
  status: KnowledgeStatus;
  piecesDone: number;
  piecesTotal: number;
  failure: { code: KnowledgeFailure; message: string } | null;
  truncated: boolean;
  createdAt: string;
  readyAt: string | null;
};

export type KnowledgeUsage = {
  sources: number;
  bytes: number;
  limits: { sources: number; bytes: number; fileBytes: number };
};

/** GET /api/knowledge */
export type KnowledgeListResponse = { sources: KnowledgeSourceItem[]; usage: KnowledgeUsage; planId: string | null };

export function isFinished(status: KnowledgeStatus): boolean {
  return status === "ready" || status === "failed";
}

/** "2.4 MB", "820 KB", "1 GB": sizes as an owner reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** PUT /api/knowledge/:id/note: a note's new title and text; it is read and indexed again. */
export const noteEditSchema = noteSchema.omit({ directorIds: true });
export type NoteEdit = z.input<typeof noteEditSchema>;

/** GET /api/knowledge/:id/text: what was read from a source, part by part (a PDF's pages, a document's sections). */
export type SourceText = {
  parts: Array<{ location: string | null; text: string }>;
  /** Only the first part of an absurdly long text was kept. */
  truncated: boolean;
};

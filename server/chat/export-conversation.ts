import { NO_CONTEXT_LINE, withKnownCitations, withoutCitations } from "../../shared/answer-sources";
import type { ChatMessage, ConversationSummary } from "../../shared/chat";
import { type Director, type DirectorId, findDirector } from "../../shared/directors";

/**
 * One conversation as a document to keep: its title, who it was with (a
 * director, or the directors of a board meeting), and each message with who
 * wrote it and when. The answers' Markdown (headings, lists,
 * tables) is kept as written; the PDF export lays out the same document.
 */

export type ExportedConversation = {
  title: string;
  /** "Conversation with Martha, Marketing Director", "Board meeting with Martha, Finn and Ollie". */
  about: string;
  exportedAt: Date;
  messages: Array<{ author: string; when: Date; content: string; note: string | undefined }>;
};

/** Notes under answers that did not finish, so a reader of the document knows. */
const STATUS_NOTES: Partial<Record<ChatMessage["status"], string>> = {
  failed: "This answer failed.",
  stopped: "This answer was stopped.",
  interrupted: "This answer was interrupted.",
  streaming: "This answer was still being written.",
};

export function exportedConversation(
  conversation: ConversationSummary,
  messages: ChatMessage[],
  exportedAt: Date,
): ExportedConversation {
  const director = findDirector(conversation.directorId);
  const name = director?.name ?? "Director";
  const authorOf = (message: ChatMessage) => {
    if (message.sender === "user") return "You";
    if (message.directorId === "board") return "Board memo";
    return (message.directorId && findDirector(message.directorId)?.name) || name;
  };
  const board = (conversation.directors ?? [])
    .map((id: DirectorId) => findDirector(id))
    .filter((seat): seat is Director => seat !== undefined);
  return {
    title: conversation.title,
    about:
      conversation.kind === "board"
        ? `Board meeting with ${listOfNames(board.map((seat) => seat.name))}`
        : `Conversation with ${name}, ${director?.title ?? ""}`,
    exportedAt,
    messages: messages.map((message) => ({
      author: authorOf(message),
      when: new Date(message.createdAt),
      content: message.sender === "ai" ? withSources(message) : message.content,
      note: message.sender === "ai" ? STATUS_NOTES[message.status] : undefined,
    })),
  };
}

/** "Martha", "Martha and Finn", "Martha, Finn and Ollie". */
export function listOfNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * An answer's text with its citations as written (markers of no block left
 * out), then the sources it cited, each with the excerpt as the answer saw it
 * and whether it has changed or gone since.
 */
function withSources(message: ChatMessage): string {
  const sources = message.sources;
  // Stored without sources (a board memo, or an answer from before answers kept them): no marker can point anywhere.
  if (!sources) return withoutCitations(message.content);
  const text = withKnownCitations(message.content, new Set(sources.map((source) => source.n)));
  const cited = sources.filter((source) => source.cited);
  if (cited.length === 0) return message.status === "complete" ? `${text.trim()}\n\n*${NO_CONTEXT_LINE}*` : text;
  const lines = cited.map((source) => {
    const where = [source.name, source.where].filter(Boolean).join(", ");
    const state =
      source.state === "removed" ? " (since removed)" : source.state === "changed" ? " (since changed)" : "";
    return `- [${source.n}] ${where}${state}: “${source.excerpt.replace(/\s*\n+\s*/g, " ")}”`;
  });
  return `${text.trim()}\n\nSources:\n\n${lines.join("\n")}`;
}

/** Dates in the reader's time zone when the browser says which (an IANA name), else UTC. */
export function dateFormatter(timeZone: string | undefined): (date: Date) => string {
  let zone = "UTC";
  if (timeZone) {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone });
      zone = timeZone;
    } catch {
      zone = "UTC";
    }
  }
  const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: zone });
  return (date) => format.format(date);
}

export function toMarkdown(doc: ExportedConversation, formatDate: (date: Date) => string): string {
  const lines = [
    `# ${doc.title.replace(/\n/g, " ")}`,
    "",
    `${doc.about}. Exported from Directors on ${formatDate(doc.exportedAt)}.`,
  ];
  for (const message of doc.messages) {
    lines.push("", "---", "", `**${message.author}** · ${formatDate(message.when)}`, "");
    if (message.content.trim() !== "") lines.push(message.content.trim());
    if (message.note) lines.push("", `*${message.note}*`);
  }
  return `${lines.join("\n")}\n`;
}

/** A file name from the title: letters (accents dropped), digits and dashes. */
export function fileNameFor(title: string, extension: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return `${base || "conversation"}.${extension}`;
}

/** Content-Disposition for a download: an ASCII name for old clients, the full name for the rest. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

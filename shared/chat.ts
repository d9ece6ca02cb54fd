import { z } from "zod";
import type { AnswerSource } from "./answer-sources";
import { CHAT_MESSAGE_MAX_LENGTH } from "./constants";
import type { DirectorId } from "./directors";
import type { ErrorCode } from "./errors";
import { ownerText } from "./validation";

/** The chat contract (issue 7): the body of a chat turn and the stored messages the browser shows. */

export const CHAT_MESSAGE_BLANK = "Please write a message.";
export const CHAT_MESSAGE_TOO_LONG = `Please keep your message under ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters.`;

export const chatTextSchema = ownerText({ error: CHAT_MESSAGE_BLANK })
  .trim()
  .min(1, { error: CHAT_MESSAGE_BLANK })
  .max(CHAT_MESSAGE_MAX_LENGTH, { error: CHAT_MESSAGE_TOO_LONG });

/** The chat input form. */
export const chatMessageSchema = z.object({ text: chatTextSchema });
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

/**
 * POST /api/chat/:directorId/messages. A new question; `retry` to answer the
 * last question again (in place of a failed, stopped or interrupted answer, or
 * as a new version of a finished one); `edit` with `text` to replace the last
 * question (the earlier exchange stays as a version). Without a conversation
 * id the director's current conversation is used, or a new one started. The
 * server owns the history, so only the new text travels.
 */
export const chatTurnSchema = z
  .object({
    conversationId: z.uuid().optional(),
    text: chatTextSchema.optional(),
    retry: z.literal(true).optional(),
    edit: z.literal(true).optional(),
  })
  .refine((turn) => turn.retry === true || turn.text !== undefined, { error: CHAT_MESSAGE_BLANK, path: ["text"] });
export type ChatTurnInput = z.infer<typeof chatTurnSchema>;

export type ChatSender = "user" | "ai";
/**
 * Who wrote an answer where a conversation has several authors (a board meeting): a director, or "board" for the
 * memo, which speaks for the whole board. A board meeting's conversation has "board" as its director too.
 */
export type AnswerAuthor = DirectorId | "board";
/** "interrupted": the server stopped (a crash or restart) while writing it; the owner can retry. */
export type ChatMessageStatus = "complete" | "streaming" | "stopped" | "failed" | "interrupted";
export type AnswerRating = "up" | "down";

export type ChatMessage = {
  id: string;
  sender: ChatSender;
  content: string;
  status: ChatMessageStatus;
  /** Why an answer failed (or, for the canned reply, that no AI provider is configured). */
  errorCode: ErrorCode | null;
  createdAt: string;
  /** Every version of this question or answer, oldest first, when there is more than one. */
  versions?: string[];
  rating?: AnswerRating | null;
  ratingReason?: string | null;
  /** In a board meeting (and a chat carried on from one): which director wrote the answer, or "board" for the memo. */
  directorId?: AnswerAuthor;
  /** What an answer stood on: every context block it was sent, cited or not; empty when it had none. */
  sources?: AnswerSource[];
};

/** What the history list shows of a conversation. */
export type ConversationSummary = {
  id: string;
  /** The director of a chat; "board" for a board meeting. */
  directorId: AnswerAuthor;
  /** "chat" with one director, or "board": a board meeting, kept in the same list. */
  kind: string;
  /** A board meeting's directors, in the order of their columns. */
  directors?: DirectorId[];
  title: string;
  /** Where the title came from: the first question's words (until the model names it), the model, or the owner. */
  titleSource: "question" | "model" | "owner";
  createdAt: string;
  /** When its last message was written. */
  updatedAt: string;
  /** A scheduled request's answer the owner has not opened yet ("New" in the list). */
  isNew?: boolean;
};

/** GET /api/chat/:directorId: the director's current (or the asked-for) conversation, oldest message first. */
export type ChatHistory = {
  directorId: DirectorId;
  /** False while the director has not been trained yet; answers then rest on the business profile only. */
  trained: boolean;
  /** Null until the first question of a new conversation. */
  conversation: ConversationSummary | null;
  messages: ChatMessage[];
};

/** Metadata sent with a streamed answer, so the browser shows it like a stored one. */
export type ChatAnswerMetadata = {
  messageId?: string;
  conversationId?: string;
  /** The question this answer replies to, as stored (an edited question gets a new id). */
  questionId?: string;
  createdAt?: string;
  status?: ChatMessageStatus;
  errorCode?: ErrorCode | null;
  /** Sent when the answer ends. */
  sources?: AnswerSource[];
};

/**
 * What the answer is doing before its text arrives, sent as a transient
 * `data-status` part: reading the owner's notes, a provider slow to start, or
 * a busy provider the retry policy is waiting on.
 */
export type AnswerPhase = "reading" | "slow" | "busy" | "writing";
export type AnswerStatusData = {
  phase: AnswerPhase;
  /** While busy: how long until the provider is asked again, so the owner sees a countdown. */
  retryInMs?: number;
};

export const CONVERSATION_TITLE_MAX_LENGTH = 80;
export const conversationTitleSchema = z.object({
  title: ownerText({ error: "Please give the conversation a name." })
    .trim()
    .min(1, { error: "Please give the conversation a name." })
    .max(CONVERSATION_TITLE_MAX_LENGTH, {
      error: `Please keep the name under ${CONVERSATION_TITLE_MAX_LENGTH} characters.`,
    }),
});
export type ConversationTitleInput = z.infer<typeof conversationTitleSchema>;

export const FEEDBACK_REASON_MAX_LENGTH = 1000;
/** PUT /api/messages/:id/feedback: thumbs up or down with an optional reason; a null rating takes it back. */
export const answerFeedbackSchema = z.object({
  rating: z.enum(["up", "down"]).nullable(),
  reason: ownerText()
    .trim()
    .max(FEEDBACK_REASON_MAX_LENGTH, {
      error: `Please keep the reason under ${FEEDBACK_REASON_MAX_LENGTH.toLocaleString("en-US")} characters.`,
    })
    .optional(),
});
export type AnswerFeedbackInput = z.infer<typeof answerFeedbackSchema>;

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const searchQuerySchema = z.object({ q: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH) });

/** The marks around matching words in a search snippet; never HTML, so a snippet is always shown as text. */
export const HIGHLIGHT_START = "\u0002";
export const HIGHLIGHT_END = "\u0003";

export type SearchHit = {
  conversationId: string;
  messageId: string;
  /** The conversation's director ("board" for a board meeting). */
  directorId: AnswerAuthor;
  /** The conversation's kind: a board meeting's hits open the board. */
  kind: string;
  /** Who wrote a matching answer where a conversation has several authors (a director, or "board" for a memo). */
  author?: AnswerAuthor;
  conversationTitle: string;
  sender: ChatSender;
  /** The matching passage, with HIGHLIGHT_START / HIGHLIGHT_END around each matching word. */
  snippet: string;
  createdAt: string;
};

/** A read-only link to one conversation. */
export type ConversationShare = {
  token: string;
  conversationId: string;
  conversationTitle: string;
  directorId: AnswerAuthor;
  createdAt: string;
};

/** GET /api/shared/:token: what anyone with the link sees; nothing of the owner beyond the messages. */
export type SharedConversation = {
  directorId: AnswerAuthor;
  /** A board meeting's directors, in the order of their columns. */
  directors?: DirectorId[];
  messages: Array<Pick<ChatMessage, "sender" | "content" | "createdAt" | "directorId">>;
};

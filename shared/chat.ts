import { z } from "zod";
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
 * POST /api/chat/:directorId/messages: a new question, or `retry` to answer the
 * last question again after its answer failed or was stopped. The server owns
 * the history, so only the new text travels.
 */
export const chatTurnSchema = z
  .object({ text: chatTextSchema.optional(), retry: z.literal(true).optional() })
  .refine((turn) => turn.retry === true || turn.text !== undefined, { error: CHAT_MESSAGE_BLANK, path: ["text"] });
export type ChatTurnInput = z.infer<typeof chatTurnSchema>;

export type ChatSender = "user" | "ai";
export type ChatMessageStatus = "complete" | "streaming" | "stopped" | "failed";

export type ChatMessage = {
  id: string;
  sender: ChatSender;
  content: string;
  status: ChatMessageStatus;
  /** Why an answer failed (or, for the canned reply, that no AI provider is configured). */
  errorCode: ErrorCode | null;
  createdAt: string;
};

/** GET /api/chat/:directorId: the active conversation, oldest message first. */
export type ChatHistory = {
  directorId: DirectorId;
  /** False while the director has not been trained yet; answers then rest on the business profile only. */
  trained: boolean;
  messages: ChatMessage[];
};

/** Metadata sent with a streamed answer, so the browser shows it like a stored one. */
export type ChatAnswerMetadata = {
  messageId?: string;
  createdAt?: string;
  status?: ChatMessageStatus;
  errorCode?: ErrorCode | null;
};

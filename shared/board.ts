import { z } from "zod";
import type { AnswerSource } from "./answer-sources";
import type { AnswerAuthor, AnswerPhase, ChatMessage, ChatMessageStatus, ConversationSummary } from "./chat";
import { chatTextSchema } from "./chat";
import type { DirectorState } from "./director-states";
import { DIRECTOR_IDS, type DirectorId } from "./directors";
import type { ErrorCode } from "./errors";
import type { PlanId } from "./plans";

/**
 * The board meeting (issue 20): one question to several trained directors,
 * answered side by side, then a memo that says where they agree and disagree.
 * A meeting is a conversation of kind "board" whose director is "board"; each
 * round is the owner's question, one answer per director, and the memo.
 */

/** The author of a board memo, and the director of a board meeting's conversation. */
export const BOARD_ID = "board" satisfies AnswerAuthor;
export const BOARD_MIN_DIRECTORS = 2;

export const BOARD_TOO_FEW_DIRECTORS = `Choose at least ${BOARD_MIN_DIRECTORS} directors.`;
export const BOARD_UNTRAINED_DIRECTOR = "Only trained directors can sit in a board meeting.";
export const BOARD_NOT_IN_PREVIEW = "This director cannot sit in the preview meeting.";

/**
 * POST /api/board/meetings: a question to the board. Without a conversation
 * id it opens a new meeting with `directors` (all trained ones when left out);
 * with one it is a follow-up to that meeting, asked of the same directors.
 */
export const boardQuestionSchema = z.object({
  conversationId: z.uuid().optional(),
  text: chatTextSchema,
  directors: z
    .array(z.enum(DIRECTOR_IDS), { error: BOARD_TOO_FEW_DIRECTORS })
    .min(BOARD_MIN_DIRECTORS, { error: BOARD_TOO_FEW_DIRECTORS })
    .max(DIRECTOR_IDS.length)
    .refine((ids) => new Set(ids).size === ids.length, { error: "Each director can sit only once." })
    .optional(),
});
export type BoardQuestionInput = z.infer<typeof boardQuestionSchema>;

/** POST /api/board/meetings/:id/retry: one director's answer again (and the memo after it), or the memo alone. */
export const boardRetrySchema = z.object({ author: z.enum([...DIRECTOR_IDS, BOARD_ID]) });
export type BoardRetryInput = z.infer<typeof boardRetrySchema>;

/** POST /api/board/meetings/:id/continue: a one-to-one chat with one of the meeting's directors, memo included. */
export const boardContinueSchema = z.object({ directorId: z.enum(DIRECTOR_IDS) });

/**
 * The free trial's preview (issue 37): the board needs two trained directors and the trial allows one, so an owner on
 * the trial who cannot seat two may hold one board meeting, of one question (no follow-ups), with the directors of the
 * plan that unlocks the board. Those not trained answer from the business profile, as in a chat before training.
 */
export type BoardPreview = {
  /** Who may sit in it, in the catalogue's order, trained or not. */
  directors: DirectorId[];
  /** The plan these directors come with. */
  plan: { id: PlanId; name: string; directorCount: number };
  /** The preview meeting once held; it counts as held even after it is deleted (then this is its old id). */
  meetingId: string | null;
};

/** GET /api/board: who can sit in a board meeting, and what a question costs. */
export type BoardOverview = {
  directors: Array<{ id: DirectorId; state: DirectorState }>;
  plan: { id: PlanId; name: string; directorCount: number };
  /** A board question counts one chat turn per director against this limit. */
  chatLimitPerMinute: number;
  /** The trial's preview meeting, for an owner on the trial with fewer than two trained directors; else null. */
  preview: BoardPreview | null;
};

/** One round of a meeting: the question, each director's answer in column order, and the memo. */
export type BoardRound = {
  question: ChatMessage;
  answers: Array<ChatMessage & { directorId: DirectorId }>;
  /** Null only for a round stored before its memo row (never, once written). */
  memo: ChatMessage | null;
};

/** GET /api/board/meetings/:id */
export type BoardMeeting = {
  conversation: ConversationSummary;
  directors: DirectorId[];
  /** The trial's preview meeting: one question, some directors answering from the business profile alone. */
  preview: boolean;
  rounds: BoardRound[];
};

/**
 * The board's stream: server-sent events, one JSON object each, then [DONE].
 * "round" names the answers being written (a new round, a retry, or what a
 * reader attaches to); each then streams its phase, its text (with the offset
 * it starts at, so a reader that attaches late starts from the first word)
 * and how it ended. The memo is the author "board".
 */
export type BoardStreamEvent =
  | {
      type: "round";
      conversationId: string;
      questionId: string;
      answers: Array<{ author: AnswerAuthor; messageId: string; createdAt: string }>;
    }
  | { type: "phase"; author: AnswerAuthor; phase: AnswerPhase }
  | { type: "delta"; author: AnswerAuthor; offset: number; text: string }
  | {
      type: "end";
      author: AnswerAuthor;
      status: ChatMessageStatus;
      errorCode: ErrorCode | null;
      /** A director's answer: the blocks it was sent, the cited ones marked (the memo has none). */
      sources?: AnswerSource[];
    };

import { z } from "zod";
import { DIRECTOR_IDS, type DirectorId } from "./directors";
import type { DirectorKnowledge } from "./key-fact-status";
import type { OnboardingData } from "./onboarding";
import type { TrainingAnswers } from "./training";
import { ownerText } from "./validation";

/**
 * The memory contract: facts about the business the owner stated in chat (proposed, then kept or
 * dismissed by the owner), answered when a director asked, or added by hand in Settings.
 */

export const FACT_STATEMENT_MIN = 3;
export const FACT_STATEMENT_MAX = 300;
/** How long "Not now" hides a director's ask for one key fact. */
export const ASK_HIDDEN_DAYS = 7;

export type FactStatus = "proposed" | "kept" | "dismissed";
/** chat: noted from a conversation; ask: the owner's answer when a director asked; owner: added by hand. */
export type FactOrigin = "chat" | "ask" | "owner";

export type RememberedFact = {
  id: string;
  statement: string;
  /** The day the fact is about, or the day it was told (YYYY-MM-DD). */
  date: string;
  /** The director it came from or was added for; null when added by hand for every director. */
  directorId: DirectorId | null;
  /** Only that director uses it; otherwise every director does. */
  onlyDirector: boolean;
  /** The key fact it answers (shared/key-facts.ts), if any. */
  keyFact: string | null;
  status: FactStatus;
  origin: FactOrigin;
  /** The conversation it was said in, while that conversation exists. */
  source: { conversationId: string; messageId: string; title: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** A director asking for one missing key fact under an answer. */
export type KeyFactAsk = { keyFact: string; label: string; question: string; placeholder: string };

/** What a director learned from one answer: facts it noted (not the dismissed ones) and what it asks for. */
export type AnswerMemory = {
  /** "pending" while the answer is still being looked at for facts. */
  state: "pending" | "done";
  facts: RememberedFact[];
  ask: KeyFactAsk | null;
};

/** GET /api/memory/conversations/:id: each answer's memory, by answer id (answers with nothing to show are left out). */
export type ConversationMemory = { answers: Record<string, AnswerMemory> };

/** GET /api/memory: everything the directors know, for Settings → "What your directors know". */
export type KnowledgeOverview = {
  keepAutomatically: boolean;
  /** Facts are noted from conversations (an AI service is configured and the context feature is on). */
  noting: boolean;
  profile: { answers: OnboardingData; updatedAt: string } | null;
  trainings: Array<{ directorId: DirectorId; answers: TrainingAnswers; trainedAt: string }>;
  /** Kept facts, newest first. */
  facts: RememberedFact[];
  /** Facts noted in conversations that wait for the owner's Keep or Dismiss, newest first. */
  proposed: RememberedFact[];
  directors: DirectorKnowledge[];
};

const STATEMENT_MESSAGE = "Please write the fact in a few words.";

export const factStatementSchema = ownerText({ error: STATEMENT_MESSAGE })
  .trim()
  .min(FACT_STATEMENT_MIN, { error: STATEMENT_MESSAGE })
  .max(FACT_STATEMENT_MAX, { error: `Please keep the fact under ${FACT_STATEMENT_MAX} characters.` });

export const factDateSchema = z.iso.date({ error: "Please choose a valid date." });

/** POST /api/memory/facts: a fact added by hand. */
export const newFactSchema = z.object({
  statement: factStatementSchema,
  date: factDateSchema.optional(),
  directorId: z.enum(DIRECTOR_IDS, { error: "Choose one of the directors." }).nullable().optional(),
  onlyDirector: z.boolean().optional(),
});
export type NewFactInput = z.input<typeof newFactSchema>;

/** PATCH /api/memory/facts/:id: keep or dismiss a noted fact, or change a fact's words, date or reach. */
export const factChangeSchema = z
  .object({
    statement: factStatementSchema.optional(),
    date: factDateSchema.optional(),
    onlyDirector: z.boolean().optional(),
    status: z.enum(["kept", "dismissed"]).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: "Nothing to change.",
  });
export type FactChangeInput = z.input<typeof factChangeSchema>;

/** PUT /api/memory/settings */
export const memorySettingsSchema = z.object({ keepAutomatically: z.boolean() });
export type MemorySettingsInput = z.infer<typeof memorySettingsSchema>;

const ANSWER_MESSAGE = "Please write an answer.";
/** POST /api/memory/key-facts: the owner's answer to a director's ask for one key fact. */
export const keyFactAnswerSchema = z.object({
  keyFact: z.string().min(1).max(60),
  answer: ownerText({ error: ANSWER_MESSAGE })
    .trim()
    .min(1, { error: ANSWER_MESSAGE })
    .max(FACT_STATEMENT_MAX - 60, { error: `Please keep the answer under ${FACT_STATEMENT_MAX - 60} characters.` }),
  /** The answer the ask was shown under. */
  messageId: z.uuid().optional(),
});
export type KeyFactAnswerInput = z.input<typeof keyFactAnswerSchema>;

/** POST /api/memory/key-facts/not-now: hides the ask for one key fact for ASK_HIDDEN_DAYS. */
export const notNowSchema = z.object({ keyFact: z.string().min(1).max(60) });

/** How a key fact answered in one tap is remembered: "Gross margin: about 40%". */
export function keyFactStatement(label: string, answer: string): string {
  return `${label}: ${answer.trim()}`;
}

/** A date as YYYY-MM-DD, in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

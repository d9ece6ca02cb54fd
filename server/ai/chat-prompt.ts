import type { ModelMessage } from "ai";
import { withoutCitations } from "../../shared/answer-sources";
import type { Director } from "../../shared/directors";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";
import { CHARS_PER_TOKEN, type ContextBlock, formatBlock } from "./context-blocks";
import type { MetricInContext } from "./metrics-in-context";
import { PERSONAS } from "./personas";
import type { RememberedFactInContext } from "./remembered-facts";
import type { RetrievedPiece } from "./retrieval";

/**
 * Builds what the model sees for one chat turn: the director's persona as the
 * system message, recent history within a token budget, and the owner's turn in
 * the spec's shape ("Context about my business: …" then "My question: …").
 */

/** Recent history sent with each turn; older turns drop off first. */
export const HISTORY_TOKEN_BUDGET = 3000;
export { CHARS_PER_TOKEN, CONTEXT_TOKEN_BUDGET } from "./context-blocks";

export type HistoryMessage = { sender: "user" | "ai"; content: string };

export type BusinessContext = {
  profile: OnboardingData | undefined;
  trainingAnswers: TrainingAnswers | undefined;
  /** Facts the owner kept, newest first, each with its date and the director it came from. */
  facts: RememberedFactInContext[];
  /** The owner's metrics with their trend (server/numbers/metrics-in-context.ts). */
  numbers?: MetricInContext[];
  /** The day of the question (YYYY-MM-DD), so dated facts can be told old from new. */
  today: string;
  pieces: RetrievedPiece[];
  /** All of the above as the numbered blocks the model sees and the answer cites (numberContext). */
  blocks: ContextBlock[];
};

/** After the blocks: how the model is asked to cite them. */
export const CITATION_INSTRUCTION =
  "Each numbered block above is something I have told you. When your answer relies on a block, cite it inline by its number, like [1] or [2][3]. Cite only these blocks, and only where they support what you say.";

/** The text after "Context about my business:", or undefined when there is nothing to say. */
export function formatBusinessContext(context: BusinessContext): string | undefined {
  if (context.blocks.length === 0) return undefined;
  // Remembered facts carry their dates: the day of the question tells old from new.
  const today = context.facts.length > 0 || (context.numbers?.length ?? 0) > 0 ? `\nToday is ${context.today}.` : "";
  return `${context.blocks.map(formatBlock).join("\n")}\n\n${CITATION_INSTRUCTION}${today}`;
}

/** The owner's turn as the spec shapes it; the context part is left out when there is none. */
export function formatUserTurn(question: string, context: string | undefined): string {
  return context ? `Context about my business:\n${context}\n\nMy question: ${question}` : `My question: ${question}`;
}

/** The newest history that fits the budget, oldest first; failed answers carry nothing worth sending. */
export function recentHistory(history: HistoryMessage[], budgetTokens = HISTORY_TOKEN_BUDGET): ModelMessage[] {
  const picked: ModelMessage[] = [];
  let remaining = budgetTokens * CHARS_PER_TOKEN;
  for (let index = history.length - 1; index >= 0; index--) {
    const message = history[index];
    if (!message || message.content.trim() === "") continue;
    if (message.content.length > remaining) break;
    remaining -= message.content.length;
    picked.push(
      message.sender === "user"
        ? { role: "user", content: message.content }
        : { role: "assistant", content: withoutCitations(message.content) },
    );
  }
  return picked.reverse();
}

export function buildChatPrompt(input: {
  director: Director;
  history: HistoryMessage[];
  question: string;
  context: BusinessContext | undefined;
}): { system: string; messages: ModelMessage[] } {
  const context = input.context ? formatBusinessContext(input.context) : undefined;
  return {
    system: PERSONAS[input.director.id],
    messages: [...recentHistory(input.history), { role: "user", content: formatUserTurn(input.question, context) }],
  };
}

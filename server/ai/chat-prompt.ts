import type { ModelMessage } from "ai";
import type { Director } from "../../shared/directors";
import type { OnboardingData, OnboardingFieldName } from "../../shared/onboarding";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../shared/training";
import { PROFILE_DEPARTMENT } from "./context-index";
import { PERSONAS } from "./personas";
import type { RetrievedPiece } from "./retrieval";

/**
 * Builds what the model sees for one chat turn: the director's persona as the
 * system message, recent history within a token budget, and the owner's turn in
 * the spec's shape ("Context about my business: …" then "My question: …").
 */

/** A rough token count for budgeting: about four characters per token for English text. */
export const CHARS_PER_TOKEN = 4;
/** Recent history sent with each turn; older turns drop off first. */
export const HISTORY_TOKEN_BUDGET = 3000;
/** The business context sent with each turn: profile, training answers, then retrieved pieces. */
export const CONTEXT_TOKEN_BUDGET = 6000;

export type HistoryMessage = { sender: "user" | "ai"; content: string };

export type BusinessContext = {
  profile: OnboardingData | undefined;
  trainingAnswers: TrainingAnswers | undefined;
  pieces: RetrievedPiece[];
};

const PROFILE_LABELS: Record<OnboardingFieldName, string> = {
  businessName: "Business name",
  industry: "Industry",
  description: "What we do",
  target: "Target audience",
  products: "Products and services",
  goals: "Goals for the next 12 months",
  challenges: "Biggest challenges",
  competitors: "Competitors",
  uniqueValue: "What makes us different",
  metrics: "How we measure success",
};

/** The text after "Context about my business:", or undefined when there is nothing to say. */
export function formatBusinessContext(director: Director, context: BusinessContext): string | undefined {
  const sections: string[] = [];
  const profileLines = Object.entries(PROFILE_LABELS)
    .map(([field, label]) => {
      const value = context.profile?.[field as OnboardingFieldName]?.trim();
      return value ? `- ${label}: ${oneLine(value)}` : undefined;
    })
    .filter(Boolean);
  if (profileLines.length > 0) sections.push(`Business profile:\n${profileLines.join("\n")}`);

  const trainingLines = TRAINING_QUESTIONS[director.id]
    .map((question) => {
      const answer = context.trainingAnswers?.[question.name]?.trim();
      return answer ? `- ${question.question} ${oneLine(answer)}` : undefined;
    })
    .filter(Boolean);
  if (trainingLines.length > 0) {
    sections.push(
      `My answers to ${director.name}'s questions about ${director.title.toLowerCase()} topics:\n${trainingLines.join("\n")}`,
    );
  }

  // Passages of the owner's documents, each with where it came from so an answer can say so.
  const knowledgeLines = context.pieces
    .filter((piece) => piece.sourceId !== null)
    .map((piece) => {
      const where = [piece.sourceName, piece.location].filter(Boolean).join(", ");
      return `- ${where ? `[${where}] ` : ""}${oneLine(piece.content.trim())}`;
    })
    .filter((line, index, all) => all.indexOf(line) === index);
  if (knowledgeLines.length > 0) sections.push(`From my documents and notes:\n${knowledgeLines.join("\n")}`);

  // The profile and these answers always go in whole; retrieval adds only what is not there yet.
  const pieceLines = context.pieces
    .filter(
      (piece) =>
        piece.sourceId === null &&
        !(piece.department === PROFILE_DEPARTMENT && profileLines.length > 0) &&
        !(piece.department === director.id && trainingLines.length > 0),
    )
    .map((piece) => oneLine(piece.content.trim()))
    .filter((content, index, all) => content !== "" && all.indexOf(content) === index)
    .map((content) => `- ${content}`);
  if (pieceLines.length > 0) sections.push(`Other notes that may be relevant:\n${pieceLines.join("\n")}`);

  if (sections.length === 0) return undefined;
  return truncate(sections.join("\n\n"), CONTEXT_TOKEN_BUDGET * CHARS_PER_TOKEN);
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
        : { role: "assistant", content: message.content },
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
  const context = input.context ? formatBusinessContext(input.director, input.context) : undefined;
  return {
    system: PERSONAS[input.director.id],
    messages: [...recentHistory(input.history), { role: "user", content: formatUserTurn(input.question, context) }],
  };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n+\s*/g, " ");
}

function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

import type { AnswerSource } from "../../shared/answer-sources";
import { type Director, findDirector } from "../../shared/directors";
import type { OnboardingData, OnboardingFieldName } from "../../shared/onboarding";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../shared/training";
import { PROFILE_DEPARTMENT } from "./context-index";
import type { MetricInContext } from "./metrics-in-context";
import type { RememberedFactInContext } from "./remembered-facts";
import type { RetrievedPiece } from "./retrieval";

/**
 * The owner's context as the numbered blocks the model is handed ([1], [2], …)
 * and the answer later cites: the profile's answers and this director's
 * training answers always (they are small), the facts the owner kept (newest
 * first, within their own budget), then what retrieval found, best first, for
 * as long as the token budget lasts.
 */
export type ContextBlock = Omit<AnswerSource, "cited" | "state">;

/** A rough token count for budgeting: about four characters per token for English text. */
export const CHARS_PER_TOKEN = 4;
/** The business context sent with each turn: profile, training answers, then retrieved pieces. */
export const CONTEXT_TOKEN_BUDGET = 6000;
/** Remembered facts sent with each turn, newest first; older ones drop off first. */
export const MEMORY_TOKEN_BUDGET = 1000;

export const PROFILE_LABELS: Record<OnboardingFieldName, string> = {
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

export function numberContext(
  director: Director,
  context: {
    profile: OnboardingData | undefined;
    trainingAnswers: TrainingAnswers | undefined;
    /** Kept facts, newest first. */
    facts?: RememberedFactInContext[];
    /** The owner's metrics with their trend, this director's first. */
    numbers?: MetricInContext[];
    pieces: RetrievedPiece[];
  },
  budgetChars = CONTEXT_TOKEN_BUDGET * CHARS_PER_TOKEN,
): ContextBlock[] {
  const blocks: Array<Omit<ContextBlock, "n">> = [];
  for (const [field, label] of Object.entries(PROFILE_LABELS)) {
    const value = context.profile?.[field as OnboardingFieldName]?.trim();
    if (value) blocks.push({ kind: "profile", name: "Business profile", where: label, excerpt: value, field });
  }
  for (const question of TRAINING_QUESTIONS[director.id]) {
    const answer = context.trainingAnswers?.[question.name]?.trim();
    if (answer) blocks.push(trainingBlock(director, question.name, question.question, answer));
  }
  let memoryLeft = MEMORY_TOKEN_BUDGET * CHARS_PER_TOKEN;
  for (const fact of context.facts ?? []) {
    const block = factBlock(fact);
    if (blockLength(block) > memoryLeft) break;
    memoryLeft -= blockLength(block);
    blocks.push(block);
  }
  for (const metric of context.numbers ?? []) blocks.push(numberBlock(metric));
  let used = blocks.reduce((sum, block) => sum + blockLength(block), 0);
  const seen = new Set(blocks.map((block) => block.excerpt));
  for (const piece of context.pieces) {
    const block = pieceBlock(director, piece);
    if (!block || seen.has(block.excerpt)) continue;
    // The profile and the director's answers always go; retrieved passages only while they fit.
    if (used + blockLength(block) > budgetChars) continue;
    used += blockLength(block);
    seen.add(block.excerpt);
    blocks.push(block);
  }
  return blocks.map((block, index) => ({ n: index + 1, ...block }));
}

/** How a block reads in the prompt: "[3] Price list 2026.csv, rows 2–40: …"; a metric is its own sentence. */
export function formatBlock(block: ContextBlock): string {
  if (block.kind === "number") return `[${block.n}] ${oneLine(block.excerpt)}`;
  const label =
    block.kind === "profile"
      ? block.where
      : block.kind === "training"
        ? `${block.name}: ${block.where}`
        : [block.name, block.where].filter(Boolean).join(", ");
  return `[${block.n}] ${label}: ${oneLine(block.excerpt)}`;
}

function blockLength(block: Omit<ContextBlock, "n">): number {
  return block.excerpt.length + (block.where?.length ?? 0) + block.name.length + 8;
}

function trainingBlock(director: Director, field: string, question: string, answer: string): Omit<ContextBlock, "n"> {
  return {
    kind: "training",
    name: `${director.name}'s training`,
    where: question,
    excerpt: answer,
    directorId: director.id,
    field,
  };
}

/** A kept fact as a block: "[4] What you told Finn, 2026-04-01: April revenue was £38k." */
function factBlock(fact: RememberedFactInContext): Omit<ContextBlock, "n"> {
  const director = fact.directorId ? findDirector(fact.directorId) : undefined;
  return {
    kind: "memory",
    name: director ? `What you told ${director.name}` : "What you told us",
    where: fact.date,
    excerpt: fact.statement.trim(),
    factId: fact.id,
    ...(director ? { directorId: director.id } : {}),
  };
}

/** A metric as a block: "[5] Weekly revenue: £12,400 for the week of 16 Nov 2026, down 12 % on the 4-week average." */
function numberBlock(metric: MetricInContext): Omit<ContextBlock, "n"> {
  return {
    kind: "number",
    name: "Your numbers",
    where: `${metric.name}, ${metric.period}`,
    excerpt: metric.text,
    metricId: metric.metricId,
  };
}

/** A retrieved piece as a block: a document passage, another director's training answer, or a profile answer. */
function pieceBlock(director: Director, piece: RetrievedPiece): Omit<ContextBlock, "n"> | undefined {
  const content = piece.content.trim();
  if (content === "") return undefined;
  if (piece.sourceId !== null) {
    return {
      kind: "document",
      name: piece.sourceName ?? "A document",
      where: piece.location,
      excerpt: content,
      sourceId: piece.sourceId,
    };
  }
  if (piece.department === PROFILE_DEPARTMENT) return undefined;
  const other = findDirector(piece.department);
  if (!other) return { kind: "memory", name: "Something you told us", where: null, excerpt: content };
  if (other.id === director.id) return undefined;
  const question = TRAINING_QUESTIONS[other.id].find((item) => item.name === piece.sourceField);
  if (!question) {
    return { kind: "training", name: `${other.name}'s training`, where: null, excerpt: content, directorId: other.id };
  }
  // Training pieces are stored as "question answer".
  const answer = content.startsWith(question.question) ? content.slice(question.question.length).trim() : content;
  return trainingBlock(other, question.name, question.question, answer);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n+\s*/g, " ");
}

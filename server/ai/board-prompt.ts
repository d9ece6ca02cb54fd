import type { ModelMessage } from "ai";
import { withoutCitations } from "../../shared/answer-sources";
import type { Director } from "../../shared/directors";
import type { OnboardingData } from "../../shared/onboarding";
import { type BusinessContext, buildChatPrompt, type HistoryMessage } from "./chat-prompt";

/**
 * What the model sees in a board meeting. Each director answers as in a chat
 * turn (its persona, the owner's profile and its training answers, retrieved
 * pieces: buildChatPrompt), told it sits on a board; in a follow-up it sees
 * its own earlier answers and each earlier memo. The memo is written from
 * every answer by a secretary with no view of its own.
 */

/** An earlier round as one director's follow-up sees it. */
export type EarlierRound = { question: string; ownAnswer: string | undefined; memo: string | undefined };

/** Sent before each earlier memo in a director's history. */
export const MEMO_IN_HISTORY = "The board's memo on that question:";

export function boardNote(director: Director, board: Director[]): string {
  const colleagues = board.filter((seat) => seat.id !== director.id).map((seat) => `${seat.name} (${seat.title})`);
  return [
    `This is a board meeting: the owner has put one question to ${colleagues.join(", ")} and you at the same time.`,
    `Answer from ${director.title.toLowerCase()}'s side only, as your own position: what you recommend, why, and the figures behind it.`,
    "Say plainly where you expect your colleagues to see it differently, and what would change your mind.",
    "Keep it under 250 words. A memo comparing the board's positions is written afterwards.",
  ].join(" ");
}

/** One director's prompt for a board question: its chat prompt, with the board note and the earlier rounds. */
export function buildBoardAnswerPrompt(input: {
  director: Director;
  board: Director[];
  earlier: EarlierRound[];
  question: string;
  context: BusinessContext | undefined;
}): { system: string; messages: ModelMessage[] } {
  const history: HistoryMessage[] = input.earlier.flatMap((round) => [
    { sender: "user" as const, content: round.question },
    ...(round.ownAnswer ? [{ sender: "ai" as const, content: round.ownAnswer }] : []),
    ...(round.memo ? [{ sender: "user" as const, content: `${MEMO_IN_HISTORY}\n\n${round.memo}` }] : []),
  ]);
  const prompt = buildChatPrompt({
    director: input.director,
    history,
    question: input.question,
    context: input.context,
  });
  return { system: `${prompt.system}\n\n${boardNote(input.director, input.board)}`, messages: prompt.messages };
}

/** The memo's instructions; the test AI server recognises a memo request by its first words. */
export const MEMO_INSTRUCTIONS = `You write the board memo for a small-business owner who has just put one question to their board of AI directors. You give no advice of your own: you compare what the directors said, faithfully and briefly, so the owner can decide.

Write Markdown with exactly these sections, in this order:

## Question
The owner's question in one sentence.

## Positions
One bullet per director who answered: **Name (title):** their position in two or three sentences. Then one bullet per director who did not answer: **Name:** did not answer; this memo is written without them.

## Where they agree
Bullets, only for points at least two directors share.

## Where they disagree
One bullet per disagreement: the point in bold, then who holds which side and why, for example "**Spring ad budget:** Martha wants to spend $2,000 to win subscribers; Finn wants to hold it at $800 until cash improves." If they do not disagree, say so.

## The decision you have to make
One or two sentences: the choice the owner faces and what it trades off.

## Next steps
A numbered list. Each step says what to do, then "Owner: <director's name>" and "Measure: <one of the owner's own success metrics>". Use only the measures the owner gave; if none fits a step, name the closest one.

Quote the owner's figures as the directors did. Never invent facts. Stay under 450 words.`;

export type MemoAnswer = { director: Director; text: string };
export type MissingDirector = { director: Director; reason: string };

/** The memo request: the question, the owner's success metrics, every answer, who is missing, the earlier memo. */
export function buildMemoPrompt(input: {
  question: string;
  profile: OnboardingData | undefined;
  answers: MemoAnswer[];
  missing: MissingDirector[];
  earlierMemo: string | undefined;
}): { system: string; messages: ModelMessage[] } {
  const profile = input.profile;
  const business = profile?.businessName?.trim()
    ? `Business: ${profile.businessName.trim()}${profile.industry?.trim() ? ` (${profile.industry.trim()})` : ""}`
    : undefined;
  const metrics = profile?.metrics?.trim();
  const parts = [
    business,
    `How I measure success: ${metrics || "not given yet"}`,
    input.earlierMemo ? `Earlier in this meeting, the board's memo was:\n"""\n${input.earlierMemo}\n"""` : undefined,
    `My question to the board: ${input.question}`,
    "The directors' answers:",
    ...input.answers.map(
      ({ director, text }) => `### ${director.name}, ${director.title}\n"""\n${withoutCitations(text).trim()}\n"""`,
    ),
    ...input.missing.map(
      ({ director, reason }) => `### ${director.name}, ${director.title}\n(did not answer: ${reason})`,
    ),
  ].filter((part): part is string => part !== undefined);
  return { system: MEMO_INSTRUCTIONS, messages: [{ role: "user", content: parts.join("\n\n") }] };
}

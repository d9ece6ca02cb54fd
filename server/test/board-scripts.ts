import { DIRECTORS, type DirectorId } from "../../shared/directors";
import { MEMO_INSTRUCTIONS } from "../ai/board-prompt";
import type { ChatScript, RecordedRequest } from "./fake-ai-server";

/**
 * A board meeting for the test AI server: each director recognised by the
 * persona in its system prompt answers with its own scripted position (they
 * conflict on the spring ad budget), and the memo request gets a memo with
 * every section that names the disagreement. Used by the API and browser
 * tests and the board benchmark.
 */

export const BOARD_ANSWERS: Record<DirectorId, string> = {
  martha:
    "Spend **$2,000** on spring Instagram ads: our tasting box sold 200 units from $500, so more reach wins subscribers now.",
  finn: "Hold ads at **$800** a month. Green coffee is up 30% [7], and cash must cover three months of costs before we spend more.",
  ollie:
    "Not before April: the roaster is at capacity, so more orders would break our 48-hour promise. Add a second roasting shift first.",
  harper:
    "A second shift needs a trained part-time roaster. Hiring and training take six weeks, so plan the campaign after that.",
  sam: "Sell the subscription to the workshop guests first: they already trust us, and it costs nothing in ads.",
  ben: "Partner with two local offices for a coffee subscription: steady volume without an ad budget.",
};

export const BOARD_MEMO = [
  "## Question",
  "Should we spend more on spring marketing?",
  "",
  "## Positions",
  "- **Martha (Marketing Director):** spend $2,000 on Instagram ads.",
  "- **Finn (Finance Director):** hold ads at $800 until cash is safe.",
  "",
  "## Where they agree",
  "- Subscriptions are the goal.",
  "",
  "## Where they disagree",
  "- **Spring ad budget:** Martha wants $2,000 to win subscribers; Finn wants $800 to protect cash.",
  "",
  "## The decision you have to make",
  "Grow now, or protect cash first.",
  "",
  "## Next steps",
  "1. Test $500 of ads for two weeks. Owner: Martha. Measure: active subscribers.",
].join("\n");

/** The memo for a request: BOARD_MEMO, naming any director the request says did not answer, as a model would. */
export function memoFor(request: RecordedRequest): string {
  const missing = [...requestText(request).matchAll(/### (\w+), [^\n]+\n\(did not answer/g)].map((match) => match[1]);
  if (missing.length === 0) return BOARD_MEMO;
  const notes = missing.map((name) => `- **${name}:** did not answer; this memo is written without them.`);
  return BOARD_MEMO.replace("\n\n## Where they agree", `\n${notes.join("\n")}\n\n## Where they agree`);
}

/** The director whose persona a chat request carries, "memo" for the memo, or undefined for anything else. */
export function boardAuthorOf(request: RecordedRequest): DirectorId | "memo" | undefined {
  const messages = (request.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const system = messages.find((message) => message.role === "system")?.content;
  if (typeof system !== "string") return undefined;
  if (system.startsWith(MEMO_INSTRUCTIONS.slice(0, 40))) return "memo";
  const name = /^You are (\w+), the /.exec(system)?.[1];
  return DIRECTORS.find((director) => director.name === name)?.id;
}

/** Everything a request sent, as one text (the system prompt and every message). */
export function requestText(request: RecordedRequest): string {
  const messages = (request.body.messages ?? []) as Array<{ content: unknown }>;
  return messages.map((message) => (typeof message.content === "string" ? message.content : "")).join("\n");
}

/**
 * A route for the test AI server: each director's answer, the memo, and
 * `override` for a director (or the memo) that should fail or stall. The memo
 * streams with `memoChunkDelayMs` when given (a journey that watches the
 * columns stream need not wait as long for the memo), else `chunkDelayMs`.
 */
export function boardRoute(
  options: {
    override?: (author: DirectorId | "memo") => ChatScript | undefined;
    chunkDelayMs?: number;
    memoChunkDelayMs?: number;
    firstTokenDelayMs?: number;
  } = {},
) {
  return (request: RecordedRequest): ChatScript | undefined => {
    if (request.body.stream !== true) return undefined;
    const author = boardAuthorOf(request);
    if (!author) return undefined;
    const override = options.override?.(author);
    if (override) return override;
    return {
      reply: author === "memo" ? memoFor(request) : BOARD_ANSWERS[author],
      chunkDelayMs: author === "memo" ? (options.memoChunkDelayMs ?? options.chunkDelayMs) : options.chunkDelayMs,
      firstTokenDelayMs: options.firstTokenDelayMs,
    };
  };
}

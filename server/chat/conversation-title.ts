import { generateText } from "ai";
import { and, eq } from "drizzle-orm";
import { CONVERSATION_TITLE_MAX_LENGTH } from "../../shared/chat";
import { conversations } from "../db/schema";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";

/**
 * A conversation's title: the first words of its first question at once, then
 * a few words from the model after the first answer. The owner's own name for
 * it always wins.
 */

/** How long the first-words title may be, in characters. */
const QUESTION_TITLE_LENGTH = 60;
/** The model's title is a side matter: it never waits long and never retries for long. */
const TITLE_TIMEOUT_MS = 20_000;
/** The question and answer sent to name a conversation are cut to this many characters each. */
const TITLE_INPUT_LENGTH = 1500;

const TITLE_INSTRUCTIONS = [
  "You name conversations between a small-business owner and an AI advisor.",
  "Reply with a title of two to six words that says what the conversation is about.",
  "No quotes, no final full stop, no emoji. Use the language of the question.",
].join(" ");

/** The first words of a question, cut at a word boundary. */
export function titleFromQuestion(question: string): string {
  const text = question.replace(/\s+/g, " ").trim();
  if (text.length <= QUESTION_TITLE_LENGTH) return text;
  const cut = text.slice(0, QUESTION_TITLE_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 20 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

/** The model's reply as a title: one line, no wrapping quotes or full stop, within the length limit. */
export function cleanTitle(reply: string): string | undefined {
  const line = reply
    .split("\n")
    .map((part) => part.trim())
    .find((part) => part !== "");
  if (!line) return undefined;
  const title = line
    .replace(/^(title:\s*)/i, "")
    // Quotes, straight and curly (“ ” ‘ ’), and a full stop, Latin or CJK (。).
    .replace(/^["'\u201c\u201d\u2018\u2019*#\s]+|["'\u201c\u201d\u2018\u2019*\s]+$/g, "")
    .replace(/[.\u3002]$/, "")
    .trim();
  if (title === "") return undefined;
  return title.length > CONVERSATION_TITLE_MAX_LENGTH ? `${title.slice(0, CONVERSATION_TITLE_MAX_LENGTH - 1)}…` : title;
}

/**
 * Asks the model for a title after the first answer and stores it, unless the
 * owner has named the conversation meanwhile. Failures keep the first-words
 * title and are only logged.
 */
export async function nameConversation(
  deps: Pick<AppDeps, "db" | "ai">,
  input: { conversationId: string; userId: string; question: string; answer: string; log: Logger },
): Promise<void> {
  const model = deps.ai.chat;
  if (!model) return;
  try {
    const { text } = await generateText({
      model,
      system: TITLE_INSTRUCTIONS,
      messages: [
        { role: "user", content: input.question.slice(0, TITLE_INPUT_LENGTH) },
        { role: "assistant", content: input.answer.slice(0, TITLE_INPUT_LENGTH) },
        { role: "user", content: "Title for this conversation:" },
      ],
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
    });
    const title = cleanTitle(text);
    if (!title) return;
    await deps.db
      .update(conversations)
      .set({ title, titleSource: "model" })
      .where(
        and(
          eq(conversations.id, input.conversationId),
          eq(conversations.userId, input.userId),
          eq(conversations.titleSource, "question"),
        ),
      );
  } catch (error) {
    input.log.warn({ err: error }, "the conversation could not be named");
  }
}

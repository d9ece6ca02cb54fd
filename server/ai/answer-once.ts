import { generateText, type LanguageModel } from "ai";
import { citedNumbers } from "../../shared/answer-sources";
import type { Director } from "../../shared/directors";
import { type BusinessContext, buildChatPrompt } from "./chat-prompt";
import type { ContextBlock } from "./context-blocks";

/** A whole answer, not streamed (a scheduled request's run): retries are the job's. */
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * One question answered in full with the director's context, as a chat turn would be but with no one waiting: the
 * answer's text and the blocks it was given, marked cited or not.
 */
export async function answerOnce(
  model: LanguageModel,
  input: { director: Director; question: string; context: BusinessContext | undefined },
): Promise<{ text: string; sources: Array<ContextBlock & { cited: boolean }> }> {
  const prompt = buildChatPrompt({
    director: input.director,
    history: [],
    question: input.question,
    context: input.context,
  });
  const { text } = await generateText({
    model,
    system: prompt.system,
    messages: prompt.messages,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  const cited = new Set(citedNumbers(text));
  return { text, sources: (input.context?.blocks ?? []).map((block) => ({ ...block, cited: cited.has(block.n) })) };
}

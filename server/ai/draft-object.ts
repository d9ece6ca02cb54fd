import { generateText, Output } from "ai";
import type { z } from "zod";
import type { AiProvider } from "./provider";
import { AiError, withRetry } from "./retry";

/** The owner waits for a draft, watching progress, and can stop it; past this it is reported as failed. */
export const DRAFT_TIMEOUT_MS = 60_000;

/**
 * Asks the chat model for one object of `schema`, for a draft the owner is
 * waiting for: one more try for a reply that was not the asked-for object, or
 * a provider's passing error, all within DRAFT_TIMEOUT_MS or until `signal`.
 */
export async function draftObject<T>(
  ai: Pick<AiProvider, "chat" | "retry">,
  request: { system: string; prompt: string; schema: z.ZodType<T>; name: string },
  signal: AbortSignal,
): Promise<T> {
  const model = ai.chat;
  if (!model) throw new AiError("provider", undefined, "No chat model is configured.");
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(DRAFT_TIMEOUT_MS)]);
  return await withRetry(
    async () => {
      const { output } = await generateText({
        model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema: request.schema, name: request.name }),
        maxRetries: 0,
        abortSignal: deadline,
      });
      return output;
    },
    { ...ai.retry, retries: 1, signal: deadline },
  );
}

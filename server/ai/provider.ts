import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModel, LanguageModel } from "ai";
import type { Env } from "../env";
import type { RetryOptions } from "./retry";

/**
 * The AI provider behind one small interface: a chat model and an embedding
 * model from any OpenAI-compatible API (Chat Completions, not Responses). The
 * key stays here, on the server.
 */
export type AiProvider = {
  configured: boolean;
  chatModelName: string;
  embeddingModelName: string | undefined;
  embeddingDimensions: number;
  chat: ChatModel | undefined;
  embedding: EmbeddingModel | undefined;
  /** Overrides of the spec's retry policy; tests shorten the delays. */
  retry: RetryOptions;
};

/** A chat model as an AI SDK provider makes it; answers stream from it directly (server/ai/chat-stream.ts). */
export type ChatModel = Extract<LanguageModel, { specificationVersion: "v3" }>;

export function createAiProvider(env: Env, retry: RetryOptions = {}): AiProvider {
  if (!env.AI_CONFIGURED) {
    return {
      configured: false,
      chatModelName: env.CHAT_MODEL,
      embeddingModelName: undefined,
      embeddingDimensions: env.EMBEDDING_DIMENSIONS,
      chat: undefined,
      embedding: undefined,
      retry,
    };
  }
  const provider = createOpenAICompatible({
    name: "ai",
    baseURL: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    includeUsage: true,
    // Structured replies (onboarding drafted from a website, facts noted from a conversation) ask for JSON checked
    // against a schema (response_format json_schema), which OpenAI, Azure OpenAI, Ollama, vLLM and LM Studio accept;
    // streamed answers are unaffected.
    supportsStructuredOutputs: true,
  });
  return {
    configured: true,
    chatModelName: env.CHAT_MODEL,
    embeddingModelName: env.EMBEDDINGS_CONFIGURED ? env.EMBEDDING_MODEL : undefined,
    embeddingDimensions: env.EMBEDDING_DIMENSIONS,
    chat: provider.chatModel(env.CHAT_MODEL),
    embedding: env.EMBEDDINGS_CONFIGURED ? provider.textEmbeddingModel(env.EMBEDDING_MODEL) : undefined,
    retry,
  };
}

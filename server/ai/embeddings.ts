import { embedMany } from "ai";
import { EMBEDDING_BATCH_SIZE, EMBEDDING_CONCURRENCY } from "../../shared/constants";
import type { AiProvider } from "./provider";
import { type RetryOptions, withRetry } from "./retry";

export type EmbeddingResult = { model: string; embeddings: number[][] };

/**
 * Embeds texts with the configured model, or returns undefined when none is
 * configured (the index then works on full text only). The spec's call 4:
 * batches of 512, newlines replaced by spaces, at most 2 requests in flight,
 * each request under the spec's retry policy. The SDK's own retries are off so
 * that the policy is applied once, here. Throws an AiError when a batch fails
 * for good; the other batches are then cancelled.
 */
export async function embedTexts(
  deps: { ai: AiProvider },
  texts: readonly string[],
  options: { retry?: RetryOptions; signal?: AbortSignal } = {},
): Promise<EmbeddingResult | undefined> {
  const { ai } = deps;
  if (!ai.embedding || !ai.embeddingModelName) return undefined;
  const model = ai.embedding;
  if (texts.length === 0) return { model: ai.embeddingModelName, embeddings: [] };

  const inputs = texts.map((text) => text.replace(/\r?\n|\r/g, " "));
  const batches: string[][] = [];
  for (let start = 0; start < inputs.length; start += EMBEDDING_BATCH_SIZE) {
    batches.push(inputs.slice(start, start + EMBEDDING_BATCH_SIZE));
  }

  const controller = new AbortController();
  const abort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", abort, { once: true });
  const retry: RetryOptions = { ...ai.retry, ...options.retry, signal: controller.signal };

  const results: number[][][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const index = next++;
      const values = batches[index] as string[];
      const { embeddings } = await withRetry(
        () =>
          embedMany({
            model,
            values,
            maxRetries: 0,
            abortSignal: controller.signal,
            providerOptions: { openaiCompatible: { dimensions: ai.embeddingDimensions } },
          }),
        retry,
      );
      results[index] = embeddings;
    }
  };

  try {
    const workers = Array.from({ length: Math.min(EMBEDDING_CONCURRENCY, batches.length) }, worker);
    // The first failure cancels the batches still in flight, and is the one reported.
    await Promise.all(
      workers.map((run) =>
        run.catch((error) => {
          controller.abort();
          throw error;
        }),
      ),
    );
  } finally {
    options.signal?.removeEventListener("abort", abort);
  }
  return { model: ai.embeddingModelName, embeddings: results.flat() };
}

/** Query vectors are scaled so their largest component is this integer; the rounding is below float4 precision. */
const COSINE_QUERY_SCALE = 1_000_000;

/**
 * A query vector for cosine distance, as a Postgres int[] literal to cast with
 * ::int[]::vector. Cosine distance ignores scale, and integers parse far faster
 * than decimal floats in the embedded (WebAssembly) Postgres, where reading
 * 1,536 decimal floats took several milliseconds per query. Only for cosine
 * distance: the stored embeddings keep their real values.
 */
export function cosineQueryLiteral(values: readonly number[]): string {
  const largest = values.reduce((max, value) => Math.max(max, Math.abs(value)), 0) || 1;
  return `{${values.map((value) => Math.round((value / largest) * COSINE_QUERY_SCALE)).join(",")}}`;
}

import type { QueryEmbedding, RetrievedPiece } from "../../ai/retrieval";
import { searchPieces } from "../../ai/retrieval";
import type { AppDeps } from "../../deps";
import type { Logger } from "../../logger";

/** Retrieval for a chat turn: if it fails, the chat goes on without the extra pieces (spec section 7). */
export async function retrievePieces(
  deps: AppDeps,
  input: { userId: string; directorId: string; question: string; queryEmbedding: QueryEmbedding | undefined },
  log: Logger,
): Promise<RetrievedPiece[]> {
  if (input.question.trim() === "") return [];
  try {
    return await searchPieces(deps.db, {
      ...input,
      threshold: deps.env.RETRIEVAL_PIECE_THRESHOLD,
      count: deps.env.RETRIEVAL_PIECE_COUNT,
    });
  } catch (error) {
    log.warn({ err: error }, "context retrieval failed; answering without it");
    return [];
  }
}

import { type QueryEmbedding, type RetrievedPiece, retrieveContext } from "../../ai/retrieval";
import type { AppDeps } from "../../deps";
import type { Logger } from "../../logger";

/** Retrieval for a chat turn: if it fails, the chat goes on without the extra pieces (spec section 7). */
export async function retrievePieces(
  deps: AppDeps,
  input: {
    userId: string;
    directorId: string;
    question: string;
    queryEmbedding: Promise<QueryEmbedding | undefined> | undefined;
  },
  log: Logger,
): Promise<RetrievedPiece[]> {
  try {
    return await retrieveContext({ ...deps, log }, input);
  } catch (error) {
    log.warn({ err: error }, "context retrieval failed; answering without it");
    return [];
  }
}

import { type Question, type RetrievalMode, type RetrievedPiece, type SearchScope, startSearch } from "../ai/retrieval";

/** One question's search ranked for one director, as a chat turn runs it (server/chat/chat-turn.ts). */
export function retrieveContext(
  deps: Parameters<typeof startSearch>[0],
  input: Question & SearchScope & { mode?: RetrievalMode; count?: number },
): Promise<RetrievedPiece[]> {
  const { directorId, skipDepartments, mode, count, ...question } = input;
  return startSearch(deps, question).rank({ directorId, skipDepartments, mode, count });
}

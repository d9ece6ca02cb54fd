import { speakableText } from "../../shared/voice";
import { findMessage } from "../chat/conversations";
import type { AppDeps } from "../deps";
import { AppError } from "../http/app-error";
import { readAloud, type SpokenAnswer } from "./read-aloud";

/**
 * One of the owner's own finished answers (a chat's or a board meeting's), read aloud without its citation markers.
 * Another owner's answer, a question, or an answer still being written is not found.
 */
export async function answerSpeech(
  deps: Pick<AppDeps, "db" | "env" | "ai" | "log">,
  userId: string,
  messageId: string,
  signal: AbortSignal,
): Promise<SpokenAnswer> {
  const message = await findMessage(deps.db, userId, messageId);
  if (message?.sender !== "ai" || message.status === "streaming") throw new AppError("not_found:api");
  const text = speakableText(message.content);
  if (text === "") throw new AppError("not_found:api");
  return readAloud(deps, text, signal);
}

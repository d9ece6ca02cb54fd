import type { ModelMessage } from "ai";
import { ANSWERS_KEPT_UNTIL_AI } from "../../shared/ai-service";
import type { AnswerAuthor, ChatAnswerMetadata, ChatMessageStatus } from "../../shared/chat";
import type { Director, DirectorId } from "../../shared/directors";
import type { ErrorCode } from "../../shared/errors";
import type { OnboardingData } from "../../shared/onboarding";
import type { TrainingAnswers } from "../../shared/training";
import { buildBoardAnswerPrompt, buildMemoPrompt, type EarlierRound, type MissingDirector } from "../ai/board-prompt";
import type { ContextBlock } from "../ai/context-blocks";
import { gatherDirectorContext } from "../ai/director-context";
import { startSearch } from "../ai/retrieval";
import { sourcesOf } from "../chat/answer-sources";
import { liveFeed } from "../chat/answer-stream";
import { stoppedStatus, type WrittenAnswer, writeModelAnswer } from "../chat/answer-writer";
import { notConfiguredReply } from "../chat/chat-turn";
import { nameConversation } from "../chat/conversation-title";
import type { LiveAnswer } from "../chat/live-answer";
import { finishAnswer } from "../chat/turn-store";
import type { AppDeps } from "../deps";
import type { Logger } from "../logger";
import { boardResponse } from "./board-stream";
import { startTogether } from "./start-together";

/** The memo's place while no AI service is connected, in the chat's words for the same state. */
export const MEMO_NOT_CONFIGURED = `The board memo is written once an AI service is connected. ${ANSWERS_KEPT_UNTIL_AI}`;

/** A director's answer as the memo reads it. */
type ColumnResult = { director: Director; status: ChatMessageStatus; errorCode: ErrorCode | null; text: string };

export type RoundToWrite = {
  userId: string;
  log: Logger;
  conversationId: string;
  question: { id: string; content: string };
  /** Every director of the round, in column order. */
  directors: Director[];
  /** The answers to write now (a new round: all; a retry: one director and the memo, or the memo), as stored. */
  write: Array<{ author: AnswerAuthor; id: string; createdAt: Date }>;
  /** The round's other answers, as stored: the memo reads them with the new ones. */
  kept: Map<DirectorId, { content: string; status: ChatMessageStatus; errorCode: ErrorCode | null }>;
  /** The rounds before this one, as each director's follow-up reads them. */
  earlier: (directorId: DirectorId) => EarlierRound[];
  /** The memo of the round before, for a follow-up's memo. */
  earlierMemo: string | undefined;
  profile: OnboardingData | undefined;
  trainingAnswers: (directorId: DirectorId) => TrainingAnswers | undefined;
  /** Name the meeting from the question and the memo once the memo is written. */
  nameAfter: boolean;
};

/**
 * Writes the answers of a board round that are due, and answers the request
 * with a stream of them all. Every director's context is gathered and its
 * prompt built before any director is asked, so the columns start together;
 * each then streams its own answer in parallel, through the chat's answer
 * writer and AnswerHub (an answer outlives the browser, Stop ends it). Once
 * all have ended, the memo is written from those that answered and names
 * those that did not. One director failing never stops the others or the memo.
 */
export function writeRound(deps: AppDeps, round: RoundToWrite): Response {
  const { userId, log } = round;
  const useContext = deps.ai.chat !== undefined && deps.env.CONTEXT_ENABLED;
  // Aborted once the memo is stopped: Stop stops every answer of the round, the memo among them.
  const work = new AbortController();
  // One search for the round's question, ranked for each director.
  const search = useContext
    ? startSearch({ ...deps, log }, { userId, question: round.question.content, signal: work.signal })
    : undefined;
  const directorById = new Map(round.directors.map((director) => [director.id, director]));
  const columns = round.write.flatMap((answer) => {
    const director = answer.author === "board" ? undefined : directorById.get(answer.author);
    return director ? [{ ...answer, director }] : [];
  });
  const memo = round.write.find((answer) => answer.author === "board");

  // Each column's prompt, and the numbered blocks it was sent (its sources once it has answered).
  const prompts: Promise<Array<{ system: string; messages: ModelMessage[]; blocks: ContextBlock[] }>> = Promise.all(
    columns.map(async ({ director }) => {
      const context = useContext
        ? await gatherDirectorContext(
            deps,
            {
              userId,
              director,
              profile: round.profile,
              trainingAnswers: round.trainingAnswers(director.id),
              search,
            },
            log,
          )
        : undefined;
      const prompt = buildBoardAnswerPrompt({
        director,
        board: round.directors,
        earlier: round.earlier(director.id),
        question: round.question.content,
        context,
      });
      return { ...prompt, blocks: context?.blocks ?? [] };
    }),
  );

  const store = async (
    live: LiveAnswer,
    written: WrittenAnswer,
    blocks?: readonly ContextBlock[],
  ): Promise<ChatAnswerMetadata> => {
    const sources = blocks ? sourcesOf(blocks, live.text) : undefined;
    const row = await finishAnswer(deps.database, live.id, {
      content: live.text,
      ...written,
      now: deps.now(),
      sources,
    });
    return {
      messageId: row.id,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      errorCode: written.errorCode,
      ...(sources ? { sources } : {}),
    };
  };

  // Every column's first words go out before any column relays the rest of its answer or stores it.
  const gate = startTogether(columns.length);
  const started: Array<{ author: AnswerAuthor; live: LiveAnswer; createdAt: Date }> = [];
  const ended: Array<Promise<ColumnResult>> = [];
  columns.forEach(({ director, id, createdAt }, index) => {
    let settle: (result: ColumnResult) => void = () => {};
    ended.push(new Promise((resolve) => (settle = resolve)));
    const live = deps.answers.start({ id, userId }, async (live) => {
      const result: ColumnResult = { director, status: "failed", errorCode: "server:internal", text: "" };
      try {
        const { blocks, ...written } = await writeColumn(live, director, index);
        Object.assign(result, written, { text: live.text });
        live.end(await store(live, written, blocks));
      } finally {
        settle(result);
      }
    });
    started.push({ author: director.id, live, createdAt });
  });

  async function writeColumn(
    live: LiveAnswer,
    director: Director,
    index: number,
  ): Promise<WrittenAnswer & { blocks?: ContextBlock[] }> {
    try {
      if (!deps.ai.chat) {
        live.append(notConfiguredReply(director));
        return { status: "complete", errorCode: "ai:not_configured" };
      }
      const column = (await prompts)[index];
      if (!column) throw new Error("The director's prompt is missing.");
      const { blocks, ...prompt } = column;
      const written = await writeModelAnswer(deps, live, prompt, log, {
        beforeRest: () => gate.wait(index, live.stop.signal),
      });
      return { ...written, blocks };
    } finally {
      // Ended without starting (failed, stopped): the other columns need not wait for it.
      gate.started(index);
    }
  }

  if (memo) {
    const live = deps.answers.start({ id: memo.id, userId }, async (live) => {
      live.stop.signal.addEventListener("abort", () => work.abort(), { once: true });
      const written = await Promise.all(ended);
      const results = round.directors.map((director): ColumnResult => {
        const fresh = written.find((result) => result.director.id === director.id);
        if (fresh) return fresh;
        const kept = round.kept.get(director.id);
        return kept
          ? { director, status: kept.status, errorCode: kept.errorCode, text: kept.content }
          : { director, status: "failed", errorCode: "ai:unavailable", text: "" };
      });
      const outcome = await writeMemo(live, results);
      live.end(await store(live, outcome));
      if (outcome.status === "complete" && round.nameAfter && deps.ai.chat) {
        deps.answers.track(
          nameConversation(deps, {
            conversationId: round.conversationId,
            userId,
            question: round.question.content,
            answer: live.text,
            log,
          }),
        );
      }
    });
    started.push({ author: "board", live, createdAt: memo.createdAt });
  }

  async function writeMemo(live: LiveAnswer, results: ColumnResult[]): Promise<WrittenAnswer> {
    if (live.stop.signal.aborted) return { status: stoppedStatus(live), errorCode: null };
    if (!deps.ai.chat) {
      live.append(MEMO_NOT_CONFIGURED);
      return { status: "complete", errorCode: "ai:not_configured" };
    }
    const answered = results.filter((result) => result.status === "complete" && result.text.trim() !== "");
    const missing: MissingDirector[] = results
      .filter((result) => !answered.includes(result))
      .map((result) => ({ director: result.director, reason: missingReason(result) }));
    if (answered.length === 0) return { status: "failed", errorCode: "board:no_answers" };
    const prompt = buildMemoPrompt({
      question: round.question.content,
      profile: round.profile,
      answers: answered.map((result) => ({ director: result.director, text: result.text })),
      missing,
      earlierMemo: round.earlierMemo,
    });
    return writeModelAnswer(deps, live, prompt, log);
  }

  return boardResponse(
    {
      type: "round",
      conversationId: round.conversationId,
      questionId: round.question.id,
      answers: started.map(({ author, live, createdAt }) => ({
        author,
        messageId: live.id,
        createdAt: createdAt.toISOString(),
      })),
    },
    started.map(({ author, live, createdAt }) => ({
      author,
      feed: liveFeed(live, {
        messageId: live.id,
        conversationId: round.conversationId,
        questionId: round.question.id,
        createdAt: createdAt.toISOString(),
      }),
    })),
  );
}

/** Why a director is missing from the memo, in words for the memo's reader. */
function missingReason(result: ColumnResult): string {
  if (result.status === "stopped") return "the owner stopped the answer";
  if (result.status === "interrupted") return "the answer was interrupted";
  if (result.errorCode === "ai:timeout") return "the AI service timed out";
  if (result.errorCode === "ai:rate_limit") return "the AI service was busy";
  return "the AI service failed";
}

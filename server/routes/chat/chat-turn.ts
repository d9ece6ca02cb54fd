import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { ANSWERS_KEPT_UNTIL_AI } from "../../../shared/ai-service";
import {
  type AnswerPhase,
  type ChatAnswerMetadata,
  type ChatMessageStatus,
  type ChatTurnInput,
  chatTurnSchema,
} from "../../../shared/chat";
import type { Director } from "../../../shared/directors";
import type { ErrorCode } from "../../../shared/errors";
import { type BusinessContext, buildChatPrompt } from "../../ai/chat-prompt";
import type { ProviderTimings } from "../../ai/chat-stream";
import type { ContextBlock } from "../../ai/context-blocks";
import { gatherDirectorContext } from "../../ai/director-context";
import { embedQuestion, embedQuestions, followUpText, type QueryEmbedding } from "../../ai/retrieval";
import type { AppEnv } from "../../app-env";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { throttle } from "../../http/rate-limit";
import { readJson } from "../../http/read-json";
import type { Logger } from "../../logger";
import { directorAccessOf, requireDirector } from "../directors/director-access";
import { queueLearning } from "../memory/learn-from-answer-job";
import { activePlan, planStatusOf } from "../plans/plan-status";
import type { LiveAnswer } from "./answer-hub";
import { sourcesOf } from "./answer-sources";
import { answerResponse, liveFeed } from "./answer-stream";
import { type OpenedAnswer, openModelAnswer, relayModelAnswer } from "./answer-writer";
import { nameConversation, titleFromQuestion } from "./conversation-title";
import type { StoredMessage } from "./conversations";
import { createRetrievalHints } from "./retrieval-hints";
import { loadTurnState, type TurnMessage, type TurnState } from "./turn-state";
import { finishAnswer, storeTurnStart, type TurnStart } from "./turn-store";

/** Whether to ask for a question's embedding before the turn's state says retrieval has anything to search. */
const retrievalHints = createRetrievalHints();

/**
 * One chat turn: validate → read the conversation's state → store the question
 * and an empty answer being written → answer at once with a stream that says
 * what is happening → gather context → build the prompt → stream the answer →
 * store it as it ended (complete, stopped, failed or interrupted). Refusals
 * before anything is stored are JSON errors; everything after is in the
 * stream, and the stored answer says so. The answer is written to the end
 * whether or not the browser stays; only the owner's Stop ends it early, and a
 * reload or another device reads it from where it has got to.
 */
export async function handleChatTurn(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  // Until its first token (or its end) the turn goes first: the learning that follows earlier answers waits.
  const firstToken = deps.answers.firstTokens.enter();
  try {
    return await startTurn(c, deps, firstToken);
  } catch (error) {
    firstToken();
    throw error;
  }
}

async function startTurn(c: Context<AppEnv>, deps: AppDeps, firstToken: () => void): Promise<Response> {
  const user = c.get("user");
  const log = c.get("log");
  const turn = await readJson(c, chatTurnSchema, "validation:chat");
  const director = requireDirector(c.req.param("directorId") ?? "");
  await throttle(deps.db, {
    keys: [`chat:user:${user.id}`],
    limit: deps.env.CHAT_RATE_LIMIT_PER_MINUTE,
    code: "rate_limit:chat",
    now: deps.now(),
    prepared: deps.database.prepared,
  });

  const useContext = deps.ai.chat !== undefined && deps.env.CONTEXT_ENABLED;
  // Aborted if the turn is refused, or once the answer is stopped.
  const work = new AbortController();
  const embed = (text: string) => (useContext ? embedQuestion({ ...deps, log }, text, work.signal) : undefined);
  // A new question's embedding is on its way to the provider while the turn is checked and the question stored
  // (the throttle above bounds how many a refused owner can cause), unless this owner had nothing to search last time;
  // in the same request, that of its follow-up wording, if this process saw the conversation's latest questions.
  const early =
    useContext && turn.text !== undefined && retrievalHints.worthAskingEarly(user.id, director.id)
      ? earlyQuestionEmbeddings(turn.text)
      : undefined;
  const earlyEmbedding = early?.question;

  /** The question's embedding, and its guessed follow-up wording's, in one request. */
  function earlyQuestionEmbeddings(text: string) {
    // An edit replaces the conversation's latest question, so the wording remembered is not its follow-up's.
    const followUp = turn.edit
      ? undefined
      : retrievalHints.followUpFor(user.id, director.id, turn.conversationId, text);
    if (followUp === undefined) return { question: embed(text), followUp: undefined };
    const both = embedQuestions({ ...deps, log }, [text, followUp], work.signal);
    return {
      question: both.then(([embedding]) => embedding),
      followUp: { text: followUp, embedding: both.then(([, embedding]) => embedding) },
    };
  }

  let state: TurnState;
  let start: TurnStart;
  let question: { id: string; content: string };
  let history: TurnMessage[];
  try {
    state = await loadTurnState(deps.database, {
      userId: user.id,
      directorId: director.id,
      conversationId: turn.conversationId,
      now: deps.now(),
    });
    retrievalHints.remember(user.id, director.id, state.retrievable);
    const planStatus = activePlan(state.subscription && planStatusOf(state.subscription, deps.now()));
    directorAccessOf(deps.env, director, planStatus, state.trained);
    ({ start, question, history } = planTurn(turn, state, director));
  } catch (error) {
    work.abort();
    throw error;
  }

  // What retrieval will search besides the question (a follow-up's wording) is known now: its embedding is asked for
  // while the turn is stored, not after.
  const earlierQuestions = history.filter((message) => message.sender === "user").map((message) => message.content);
  const earlyEmbeddings = new Map<string, Promise<QueryEmbedding | undefined>>();
  // Nothing to search beyond what the prompt sends whole: no retrieval, and no further embedding is asked for.
  if (useContext && state.retrievable) {
    const questionEmbedding = (turn.edit ? undefined : earlyEmbedding) ?? embed(question.content);
    if (questionEmbedding) earlyEmbeddings.set(question.content, questionEmbedding);
    const followUp = followUpText(question.content, earlierQuestions);
    const followUpEmbedding =
      followUp === undefined
        ? undefined
        : followUp === early?.followUp?.text
          ? early.followUp.embedding
          : embed(followUp);
    if (followUp !== undefined && followUpEmbedding) earlyEmbeddings.set(followUp, followUpEmbedding);
    retrievalHints.rememberQuestions(user.id, director.id, start.conversationId, [
      ...earlierQuestions,
      question.content,
    ]);
  }

  const previous = state.history.at(-1)?.createdAt;
  const questionAt = after(deps.now(), previous);
  // Where the time before the first token went, for a debug log line (the bench reads it); nothing when not logged.
  const timings: TurnTimings | undefined = log.isLevelEnabled("debug")
    ? { receivedAt: c.get("receivedAt"), provider: {}, historyMessages: history.length }
    : undefined;
  // The question and the answer being written are stored in one statement, and the model is asked meanwhile: the
  // request's way to the AI service and back overlaps the statement. Nobody sees the answer (the response, another
  // reader, a Stop) until the question is stored.
  const storing = storeTurnStart(deps.database, {
    userId: user.id,
    start,
    text: question.content,
    times: { question: questionAt, answer: after(deps.now(), questionAt) },
  });
  // The blocks the model is sent; once the answer ends, its sources are these, marked cited or not.
  let blocks: ContextBlock[] | undefined;
  // What the request goes through before the answer is live (a busy provider's retries) is passed on once it is.
  let phaseBeforeLive: [AnswerPhase, number?] | undefined;
  let setPhase = (phase: AnswerPhase, retryInMs?: number) => {
    phaseBeforeLive = [phase, retryInMs];
  };
  const opening = deps.ai.chat ? askModel() : undefined;
  let stored: Awaited<typeof storing>;
  try {
    stored = await storing;
  } catch (error) {
    // Not stored, so never acknowledged: the model's request is withdrawn and the turn is refused as before.
    work.abort();
    void opening?.catch(() => {});
    throw error;
  }
  const metadata: ChatAnswerMetadata = {
    messageId: stored.answer.id,
    conversationId: start.conversationId,
    questionId: stored.questionId || question.id,
    createdAt: stored.answer.createdAt.toISOString(),
  };
  const firstAnswer = start.kind === "ask" && state.history.length === 0;
  const titleWanted = firstAnswer || state.conversation?.titleSource === "question";

  const live = deps.answers.start({ id: stored.answer.id, userId: user.id }, async (live) => {
    live.listen((event) => {
      if (event.type !== "phase") firstToken();
    });
    live.stop.signal.addEventListener("abort", () => work.abort(), { once: true });
    setPhase = (phase, retryInMs) => live.setPhase(phase, retryInMs);
    if (phaseBeforeLive) live.setPhase(...phaseBeforeLive);
    const ended = await writeAnswer(live);
    live.end(ended);
    // The director learns from the turn (facts the owner stated, a key fact to ask for) once the answer is theirs.
    if (ended.status === "complete" && useContext) deps.answers.track(queueLearning(deps, live.id, log));
    if (ended.status === "complete" && titleWanted && deps.ai.chat) {
      deps.answers.track(
        nameConversation(deps, {
          conversationId: start.conversationId,
          userId: user.id,
          question: question.content,
          answer: live.text,
          log,
        }),
      );
    }
  });
  return answerResponse(liveFeed(live, metadata), timings && (() => logFirstToken(log, stored.answer.id, timings)));

  /** The context and the prompt, then the model's request up to its first text; started while the turn is stored. */
  async function askModel(): Promise<OpenedAnswer> {
    let context: BusinessContext | undefined;
    if (useContext) {
      context = await gatherDirectorContext(
        deps,
        {
          userId: user.id,
          director,
          question: question.content,
          earlierQuestions,
          profile: state.profile,
          trainingAnswers: state.trainingAnswers,
          facts: state.facts,
          queryEmbedding: earlyEmbeddings.get(question.content),
          earlyEmbeddings,
          retrievable: state.retrievable,
        },
        log,
      );
    }
    blocks = context?.blocks ?? [];
    const prompt = buildChatPrompt({ director, history, question: question.content, context });
    if (timings) timings.contextBlocks = blocks.length;
    return openModelAnswer(deps, prompt, log, {
      signal: work.signal,
      setPhase: (phase, retryInMs) => setPhase(phase, retryInMs),
      timings: timings?.provider,
    });
  }

  /** Writes the answer into `live` and stores how it ended; returns the stored answer's metadata. */
  async function writeAnswer(live: LiveAnswer): Promise<ChatAnswerMetadata> {
    const store = async (content: string, status: ChatMessageStatus, errorCode: ErrorCode | null) => {
      const sources = blocks ? sourcesOf(blocks, content) : undefined;
      const row = await finishAnswer(deps.db, live.id, { content, status, errorCode, now: deps.now(), sources });
      return { ...metadataOf(row), ...(sources ? { sources } : {}) };
    };

    if (!opening) {
      live.append(notConfiguredReply(director));
      return store(live.text, "complete", "ai:not_configured");
    }
    const ended = await relayModelAnswer(live, await opening, log);
    return store(live.text, ended.status, ended.errorCode);
  }
}

/**
 * What the turn does, from the request and the conversation as stored: a new
 * question, the last question answered again (in place of an answer that did
 * not finish, or as a new version of one that did), or the last question
 * edited. Refuses while an answer is still being written.
 */
function planTurn(
  turn: ChatTurnInput,
  state: TurnState,
  director: Director,
): { start: TurnStart; question: { id: string; content: string }; history: TurnMessage[] } {
  const conversationId = state.conversation?.id;
  if (turn.conversationId && !conversationId) throw new AppError("not_found:conversation");
  const rows = state.history;
  const last = rows.at(-1);
  if (last?.sender === "ai" && last.status === "streaming") throw new AppError("conflict:answer_in_progress");

  if (!turn.retry && !turn.edit) {
    const text = turn.text ?? "";
    const newConversation = conversationId ? undefined : { directorId: director.id, title: titleFromQuestion(text) };
    return {
      start: { kind: "ask", conversationId: conversationId ?? randomUUID(), newConversation },
      question: { id: "", content: text },
      history: rows,
    };
  }

  const questionIndex = rows.findLastIndex((row) => row.sender === "user");
  const lastQuestion = rows[questionIndex];
  if (!conversationId || !lastQuestion) {
    throw new AppError("bad_request:api", {
      message: turn.edit ? "There is no question to edit." : "There is no answer to retry.",
    });
  }
  const history = rows.slice(0, questionIndex);
  const answer = last?.sender === "ai" ? last : undefined;
  if (turn.edit) {
    return {
      start: { kind: "edit", conversationId, questionId: lastQuestion.id, firstVersion: lastQuestion.firstVersion },
      question: { id: "", content: turn.text ?? "" },
      history,
    };
  }
  const question = { id: lastQuestion.id, content: lastQuestion.content };
  if (answer && answer.status !== "complete") {
    return { start: { kind: "retry", conversationId, answerId: answer.id }, question, history };
  }
  // A finished answer gets a new version beside it; a question left without one gets its first.
  return { start: { kind: "regenerate", conversationId, questionId: lastQuestion.id }, question, history };
}

/** A turn's moments (`performance.now()`) and sizes before its first token; ids, durations and counts only. */
type TurnTimings = {
  /** When the request reached the app. */
  receivedAt: number;
  provider: ProviderTimings;
  historyMessages: number;
  contextBlocks?: number;
};

/**
 * One debug line when the first text has been handed to the response: the server's time before the first token, and
 * how much of it was before the provider request started, waiting for the provider's first text, and after it.
 */
function logFirstToken(log: Logger, answerId: string, timings: TurnTimings) {
  const writtenAt = performance.now();
  const { requestAt, firstTextAt } = timings.provider;
  const ms = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? undefined : Math.round((to - from) * 100) / 100;
  log.debug(
    {
      answerId,
      firstTokenMs: ms(timings.receivedAt, writtenAt),
      beforeProviderMs: ms(timings.receivedAt, requestAt),
      providerMs: ms(requestAt, firstTextAt),
      afterProviderMs: ms(firstTextAt, writtenAt),
      historyMessages: timings.historyMessages,
      contextBlocks: timings.contextBlocks,
    },
    "chat first token",
  );
}

function metadataOf(row: StoredMessage): ChatAnswerMetadata {
  return {
    messageId: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    errorCode: (row.errorCode as ErrorCode | null) ?? null,
  };
}

/**
 * The spec's canned reply for a director without an assistant, in the owner's words: nothing about server settings,
 * which are the operator's business (README, the start-up log).
 */
export function notConfiguredReply(director: Director): string {
  return `${director.name} has no AI assistant configured yet. Please try again later. ${ANSWERS_KEPT_UNTIL_AI}`;
}

/** Message times strictly increase within a conversation, so history keeps its order even on a coarse clock. */
function after(now: Date, previous: Date | undefined): Date {
  if (!previous || now.getTime() > previous.getTime()) return now;
  return new Date(previous.getTime() + 1);
}

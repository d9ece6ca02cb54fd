import { randomUUID } from "node:crypto";
import { ANSWERS_KEPT_UNTIL_AI } from "../../shared/ai-service";
import type { AnswerPhase, ChatAnswerMetadata, ChatTurnInput } from "../../shared/chat";
import type { Director } from "../../shared/directors";
import type { ErrorCode } from "../../shared/errors";
import { type BusinessContext, buildChatPrompt } from "../ai/chat-prompt";
import type { ProviderTimings } from "../ai/chat-stream";
import type { ContextBlock } from "../ai/context-blocks";
import { gatherDirectorContext } from "../ai/director-context";
import { type QuestionSearch, startSearch } from "../ai/retrieval";
import type { AppDeps } from "../deps";
import { directorAccessOf } from "../directors/director-access";
import { AppError } from "../http/app-error";
import { checkCount, countingStatement } from "../http/rate-limit";
import type { Logger } from "../logger";
import { learnLater } from "../memory/learn-from-conversation-job";
import { activePlan, planStatusOf } from "../plans/plan-status";
import { sourcesOf } from "./answer-sources";
import { answerResponse, liveFeed } from "./answer-stream";
import { type OpenedAnswer, openModelAnswer, relayModelAnswer, type WrittenAnswer } from "./answer-writer";
import { nameConversation, titleFromQuestion } from "./conversation-title";
import type { StoredMessage } from "./conversations";
import type { LiveAnswer } from "./live-answer";
import { loadTurnState, type TurnMessage, type TurnState } from "./turn-state";
import { finishAnswer, storeTurnStart, type TurnStart } from "./turn-store";

type StartedTurn = Awaited<ReturnType<typeof storeTurnStart>>;

/** What a chat turn is asked, as the route read it: who asks, the director, the request's body. */
export type TurnRequest = {
  user: { id: string };
  log: Logger;
  /** When the request reached the app (`performance.now()`), for the first token's debug line. */
  receivedAt: number;
  director: Director;
  turn: ChatTurnInput;
};

/**
 * One chat turn, in named steps: check and plan → assemble the context → store the question → stream the answer →
 * finish and store. Refusals before anything is stored are thrown (JSON errors); everything after is in the stream,
 * and the stored answer says so. The answer is written to the end whether or not the browser stays; only the owner's
 * Stop ends it early, and a reload or another device reads it from where it has got to.
 */
export async function runChatTurn(deps: AppDeps, request: TurnRequest): Promise<Response> {
  // Until its first token (or its end) the turn goes first: the learning that follows earlier answers waits.
  const firstToken = deps.answers.firstTokens.enter();
  try {
    return await startTurn(deps, request, firstToken);
  } catch (error) {
    firstToken();
    throw error;
  }
}

/** What a turn carries from step to step. */
type Turn = TurnRequest & {
  deps: AppDeps;
  plan: TurnPlan;
  /** Aborted if the turn is refused, or once the answer is stopped. */
  work: AbortController;
  /** Where the time before the first token went, for a debug log line (the bench reads it); none when not logged. */
  timings: TurnTimings | undefined;
  /** What the model's request went through before the answer was live (a busy provider's retries). */
  phase: { before?: [AnswerPhase, number?]; set: (phase: AnswerPhase, retryInMs?: number) => void };
};

async function startTurn(deps: AppDeps, request: TurnRequest, firstToken: () => void): Promise<Response> {
  const work = new AbortController();
  let plan: TurnPlan;
  try {
    plan = await checkAndPlan(deps, request);
  } catch (error) {
    work.abort();
    throw error;
  }
  const turn: Turn = { ...request, deps, plan, work, timings: turnTimings(request, plan), phase: { set: () => {} } };
  turn.phase.set = (phase, retryInMs) => {
    turn.phase.before = [phase, retryInMs];
  };
  // The context is assembled first (the question's embedding asked for, its rankings first in the database's queue);
  // then the question and the answer being written are stored in one statement while the model is asked. Nobody sees
  // the answer (the response, another reader, a Stop) until the question is stored.
  const search = startContextSearch(turn);
  const context = deps.ai.chat ? assembleContext(turn, search) : undefined;
  const storing = Promise.resolve(context?.catch(() => {})).then(() => storeQuestion(turn));
  const opening = context?.then((assembled) => askModel(turn, assembled));
  let stored: StartedTurn;
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
    conversationId: plan.start.conversationId,
    questionId: stored.questionId || plan.question.id,
    createdAt: stored.answer.createdAt.toISOString(),
  };
  const live = deps.answers.start({ id: stored.answer.id, userId: request.user.id }, async (live) => {
    live.listen((event) => {
      if (event.type !== "phase") firstToken();
    });
    live.stop.signal.addEventListener("abort", () => work.abort(), { once: true });
    turn.phase.set = (phase, retryInMs) => live.setPhase(phase, retryInMs);
    if (turn.phase.before) live.setPhase(...turn.phase.before);
    const ended = await streamAnswer(turn, live, opening);
    live.end(await finishAndStore(turn, live, ended));
  });
  const { timings } = turn;
  return answerResponse(
    liveFeed(live, metadata),
    timings && (() => logFirstToken(request.log, stored.answer.id, timings)),
  );
}

/** The plan of a turn: what it does, the state it read, and whether context goes with it. */
type TurnPlan = {
  state: TurnState;
  start: TurnStart;
  question: { id: string; content: string };
  history: TurnMessage[];
  /** Context (profile, answers, facts, retrieval) goes with the question: an AI service is set and context is on. */
  useContext: boolean;
  /** When the question and the answer being written are stored. */
  times: { question: Date; answer: Date };
};

/** Step 1: the rate limit, the turn's state, the owner's access to the director, and what the turn does. */
async function checkAndPlan(deps: AppDeps, { user, director, turn }: TurnRequest): Promise<TurnPlan> {
  // The turn is counted in the statement that reads its state.
  const state = await loadTurnState(deps.database, {
    userId: user.id,
    directorId: director.id,
    conversationId: turn.conversationId,
    now: deps.now(),
    counting: countingStatement(deps.db, `chat:user:${user.id}`, { now: deps.now() }).getSQL(),
  });
  checkCount(state.count, { limit: deps.env.CHAT_RATE_LIMIT_PER_MINUTE, code: "rate_limit:chat" });
  const planStatus = activePlan(state.subscription && planStatusOf(state.subscription, deps.now()));
  directorAccessOf(deps.env, director, planStatus, state.trained);
  const question = after(deps.now(), state.history.at(-1)?.createdAt);
  return {
    ...planTurn(turn, state, director),
    state,
    useContext: deps.ai.chat !== undefined && deps.env.CONTEXT_ENABLED,
    times: { question, answer: after(deps.now(), question) },
  };
}

/** Step 3: the question and the answer being written, in one statement, stored while the model is asked. */
function storeQuestion({ deps, user, plan }: Turn): Promise<StartedTurn> {
  return storeTurnStart(deps.database, {
    userId: user.id,
    start: plan.start,
    text: plan.question.content,
    times: plan.times,
  });
}

/**
 * The question's search, started as soon as the turn is planned so that its embedding is on its way while the full
 * text is ranked; none when there is nothing to search beyond what the prompt sends whole.
 */
function startContextSearch({ deps, user, log, plan, work }: Turn): QuestionSearch | undefined {
  if (!plan.useContext || !plan.state.retrievable) return undefined;
  return startSearch(
    { ...deps, log },
    {
      userId: user.id,
      question: plan.question.content,
      earlierQuestions: plan.history.filter((message) => message.sender === "user").map((message) => message.content),
      ownerPieces: plan.state.ownerPieces,
      signal: work.signal,
    },
  );
}

/** Step 2: the director's context for the question (the one assembly the board shares) and the prompt. */
async function assembleContext(turn: Turn, search: QuestionSearch | undefined) {
  const { deps, user, log, director, plan } = turn;
  const context: BusinessContext | undefined = plan.useContext
    ? await gatherDirectorContext(
        deps,
        {
          userId: user.id,
          director,
          profile: plan.state.profile,
          trainingAnswers: plan.state.trainingAnswers,
          facts: plan.state.facts,
          hasMetrics: plan.state.hasMetrics,
          search,
        },
        log,
      )
    : undefined;
  const blocks = context?.blocks ?? [];
  if (turn.timings) turn.timings.contextBlocks = blocks.length;
  return {
    prompt: buildChatPrompt({ director, history: plan.history, question: plan.question.content, context }),
    blocks,
  };
}

/** The model's request, up to its first text; started while the question is stored. */
async function askModel(
  turn: Turn,
  context: Awaited<ReturnType<typeof assembleContext>>,
): Promise<OpenedAnswer & { blocks: ContextBlock[] }> {
  const opened = await openModelAnswer(turn.deps, context.prompt, turn.log, {
    signal: turn.work.signal,
    setPhase: (phase, retryInMs) => turn.phase.set(phase, retryInMs),
    timings: turn.timings?.provider,
  });
  return { ...opened, blocks: context.blocks };
}

/** An answer's end as streamed: its status, and the blocks it was sent (its sources). */
type StreamedAnswer = WrittenAnswer & { blocks?: ContextBlock[] };

/** Step 4: the model's answer into `live`, or the canned reply when no AI service is set. */
async function streamAnswer(
  turn: Turn,
  live: LiveAnswer,
  opening: Promise<OpenedAnswer & { blocks: ContextBlock[] }> | undefined,
): Promise<StreamedAnswer> {
  if (!opening) {
    live.append(notConfiguredReply(turn.director));
    return { status: "complete", errorCode: "ai:not_configured" };
  }
  const opened = await opening;
  return { ...(await relayModelAnswer(live, opened, turn.log)), blocks: opened.blocks };
}

/**
 * Step 5: the answer stored as it ended, with its sources; then, for a complete answer, the director learns from the
 * turn and the conversation is named.
 */
async function finishAndStore(turn: Turn, live: LiveAnswer, ended: StreamedAnswer): Promise<ChatAnswerMetadata> {
  const { deps, user, log, plan } = turn;
  const sources = ended.blocks ? sourcesOf(ended.blocks, live.text) : undefined;
  const row = await finishAnswer(deps.database, live.id, {
    content: live.text,
    status: ended.status,
    errorCode: ended.errorCode,
    now: deps.now(),
    sources,
  });
  if (ended.status === "complete") {
    const firstAnswer = plan.start.kind === "ask" && plan.state.history.length === 0;
    // The director learns from the turn (facts the owner stated, a key fact to ask for) once the answer is theirs.
    if (plan.useContext) {
      const learned = {
        answerId: live.id,
        conversationId: plan.start.conversationId,
        userId: user.id,
        directorId: turn.director.id,
        question: plan.question.content,
        opensConversation: firstAnswer,
      };
      deps.answers.track(learnLater(deps, learned, log));
    }
    if ((firstAnswer || plan.state.conversation?.titleSource === "question") && deps.ai.chat) {
      deps.answers.track(
        nameConversation(deps, {
          conversationId: plan.start.conversationId,
          userId: user.id,
          question: plan.question.content,
          answer: live.text,
          log,
        }),
      );
    }
  }
  return { ...metadataOf(row), ...(sources ? { sources } : {}) };
}

function turnTimings(request: TurnRequest, plan: TurnPlan): TurnTimings | undefined {
  return request.log.isLevelEnabled("debug")
    ? { receivedAt: request.receivedAt, provider: {}, historyMessages: plan.history.length }
    : undefined;
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

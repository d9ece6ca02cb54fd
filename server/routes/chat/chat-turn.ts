import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from "ai";
import type { Context } from "hono";
import { ANSWERS_KEPT_UNTIL_AI } from "../../../shared/ai-service";
import { type ChatAnswerMetadata, type ChatMessageStatus, chatTurnSchema } from "../../../shared/chat";
import type { Director } from "../../../shared/directors";
import type { ErrorCode } from "../../../shared/errors";
import { type BusinessContext, buildChatPrompt } from "../../ai/chat-prompt";
import { errorCodeFor, openAnswerStream } from "../../ai/chat-stream";
import { embedQuestion } from "../../ai/retrieval";
import { type AiError, classifyAiError } from "../../ai/retry";
import type { AppEnv } from "../../app-env";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { throttle } from "../../http/rate-limit";
import { readJson } from "../../http/read-json";
import type { Logger } from "../../logger";
import { directorAccessOf, requireDirector } from "../directors/director-access";
import { activePlan, planStatusOf } from "../plans/plan-status";
import { insertMessage, replaceAnswer, startConversation, toChatMessage } from "./conversations";
import { retrievePieces } from "./retrieve-pieces";
import { loadTurnState, type TurnMessage, type TurnState } from "./turn-state";

/**
 * One chat turn: validate → store the owner's message → gather context → build
 * the prompt → stream the answer → store the answer as it ended (complete,
 * stopped or failed). Failures before the first token are JSON errors; later
 * ones are error parts in the stream. Either way the stored answer says so.
 */
export async function handleChatTurn(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const user = c.get("user");
  const log = c.get("log");
  // Read first: the connection's abort signal only reports a stop that happens after it was read.
  const signal = c.req.raw.signal;
  const turn = await readJson(c, chatTurnSchema, "validation:chat");
  const director = requireDirector(c.req.param("directorId") ?? "");
  await throttle(deps.db, {
    keys: [`chat:user:${user.id}`],
    limit: deps.env.CHAT_RATE_LIMIT_PER_MINUTE,
    code: "rate_limit:chat",
    now: deps.now(),
  });

  const useContext = deps.ai.chat !== undefined && deps.env.CONTEXT_ENABLED;
  const refused = new AbortController();
  const embeddingSignal = AbortSignal.any([signal, refused.signal]);
  const embed = (text: string) => (useContext ? embedQuestion({ ...deps, log }, text, embeddingSignal) : undefined);
  // A new question's embedding is on its way to the provider while the turn is checked and the question stored
  // (the throttle above bounds how many a refused owner can cause).
  const earlyEmbedding = turn.text !== undefined ? embed(turn.text) : undefined;

  let state: TurnState;
  try {
    state = await loadTurnState(deps.db, user.id, director.id);
    const planStatus = activePlan(state.subscription && planStatusOf(state.subscription, deps.now()));
    directorAccessOf(deps.env, director, planStatus, state.trained);
  } catch (error) {
    refused.abort();
    throw error;
  }

  const rows = state.history;
  let question: TurnMessage;
  let history: TurnMessage[];
  let retryOf: string | undefined;
  let conversationId = state.conversationId;
  if (turn.retry) {
    const last = rows.at(-1);
    const answered = last?.sender === "ai";
    if (!conversationId || !last || (answered && last.status !== "failed" && last.status !== "stopped")) {
      throw new AppError("bad_request:api", { message: "There is no failed answer to retry." });
    }
    const questionIndex = rows.findLastIndex((row) => row.sender === "user");
    const found = rows[questionIndex];
    if (!found) throw new AppError("bad_request:api", { message: "There is no failed answer to retry." });
    question = found;
    history = rows.slice(0, questionIndex);
    retryOf = answered ? last.id : undefined;
  } else {
    conversationId ??= (await startConversation(deps.db, user.id, director.id, deps.now())).id;
    question = await insertMessage(deps.db, {
      conversationId,
      userId: user.id,
      sender: "user",
      content: turn.text ?? "",
      status: "complete",
      createdAt: after(deps.now(), rows.at(-1)?.createdAt),
    });
    history = rows;
  }

  const storeAnswer = (content: string, status: ChatMessageStatus, errorCode: ErrorCode | null) => {
    const values = { content, status, errorCode, createdAt: after(deps.now(), question.createdAt) };
    return retryOf
      ? replaceAnswer(deps.db, user.id, retryOf, values)
      : insertMessage(deps.db, { conversationId, userId: user.id, sender: "ai", ...values });
  };

  if (!deps.ai.chat) {
    const row = await storeAnswer(notConfiguredReply(director), "complete", "ai:not_configured");
    return streamResponse(log, async (writer) => {
      writeText(writer, row.content);
      writer.write({ type: "finish", messageMetadata: metadataOf(row) });
    });
  }

  let context: BusinessContext | undefined;
  if (useContext) {
    const pieces = await retrievePieces(
      deps,
      {
        userId: user.id,
        directorId: director.id,
        question: question.content,
        queryEmbedding: earlyEmbedding ?? embed(question.content),
      },
      log,
    );
    context = { profile: state.profile, trainingAnswers: state.trainingAnswers, pieces };
  }
  const prompt = buildChatPrompt({ director, history, question: question.content, context });

  let answer: Awaited<ReturnType<typeof openAnswerStream>>;
  try {
    answer = await openAnswerStream(deps.ai, {
      ...prompt,
      signal,
      firstTokenTimeoutMs: deps.env.CHAT_FIRST_TOKEN_TIMEOUT_MS,
      log,
    });
  } catch (raw) {
    const error = classifyAiError(raw);
    if (error.tag === "aborted") {
      await storeAnswer("", "stopped", null);
      return c.body(null, 204);
    }
    const code = errorCodeFor(error.tag);
    logFailure(log, error, "before the first token");
    await storeAnswer("", "failed", code);
    throw new AppError(code);
  }

  return streamResponse(log, async (writer) => {
    const id = "answer";
    let text = answer.first;
    let status: ChatMessageStatus = "complete";
    let errorCode: ErrorCode | null = null;
    writer.write({ type: "start", messageMetadata: { status: "streaming" } satisfies ChatAnswerMetadata });
    writer.write({ type: "text-start", id });
    writer.write({ type: "text-delta", id, delta: answer.first });
    // Let the first token reach the socket before the rest of a fast answer is relayed and stored.
    await new Promise((resolve) => setImmediate(resolve));

    try {
      for await (const piece of answer.rest) {
        text += piece;
        writer.write({ type: "text-delta", id, delta: piece });
      }
    } catch (raw) {
      const error = classifyAiError(raw);
      if (error.tag === "aborted") status = "stopped";
      else {
        status = "failed";
        errorCode = errorCodeFor(error.tag);
        logFailure(log, error, "mid-stream");
      }
    }
    writer.write({ type: "text-end", id });
    let stored: Awaited<ReturnType<typeof storeAnswer>>;
    try {
      stored = await storeAnswer(text, status, errorCode);
    } catch (error) {
      log.error({ err: error }, "the answer could not be stored");
      writer.write({ type: "error", errorText: "server:internal" satisfies ErrorCode });
      return;
    }
    if (errorCode) {
      writer.write({ type: "message-metadata", messageMetadata: metadataOf(stored) });
      writer.write({ type: "error", errorText: errorCode });
      return;
    }
    writer.write({ type: "finish", messageMetadata: metadataOf(stored) });
  });
}

/** Writes parts of the AI SDK's UI message stream, the protocol useChat reads in the browser. */
type PartWriter = { write(part: UIMessageChunk): void };

/**
 * The answer as the UI message stream protocol: one server-sent event per
 * part, then [DONE]. Written straight to one byte stream: an answer passes
 * through no other stream on its way out, so its first token leaves at once.
 */
function streamResponse(log: Logger, execute: (writer: PartWriter) => Promise<void>): Response {
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (data: string) => {
        if (!cancelled) controller.enqueue(encoder.encode(`data: ${data}\n\n`));
      };
      const writer: PartWriter = { write: (part) => send(JSON.stringify(part)) };
      void execute(writer)
        .catch((error: unknown) => {
          log.error({ err: error }, "the answer stream failed");
          // Only our own codes reach the browser, never provider or database internals.
          writer.write({ type: "error", errorText: "server:internal" satisfies ErrorCode });
        })
        .finally(() => {
          send("[DONE]");
          if (!cancelled) controller.close();
        });
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, {
    // A chunked body is sent as it comes: without this, the Node adapter first waits a timer tick to see whether the
    // body is short enough to be sent whole.
    headers: { ...UI_MESSAGE_STREAM_HEADERS, "cache-control": "no-store", "transfer-encoding": "chunked" },
  });
}

function writeText(writer: PartWriter, text: string) {
  writer.write({ type: "start" });
  writer.write({ type: "text-start", id: "answer" });
  writer.write({ type: "text-delta", id: "answer", delta: text });
  writer.write({ type: "text-end", id: "answer" });
}

function metadataOf(row: {
  id: string;
  createdAt: Date;
  status: ChatMessageStatus;
  errorCode: string | null;
}): ChatAnswerMetadata {
  const message = toChatMessage(row as Parameters<typeof toChatMessage>[0]);
  return { messageId: message.id, createdAt: message.createdAt, status: message.status, errorCode: message.errorCode };
}

/**
 * The spec's canned reply for a director without an assistant, in the owner's words: nothing about server settings,
 * which are the operator's business (README, the start-up log).
 */
export function notConfiguredReply(director: Director): string {
  return `${director.name} has no AI assistant configured yet. Please try again later. ${ANSWERS_KEPT_UNTIL_AI}`;
}

/** Account problems (quota, key, model name) need the operator; the rest is weather. */
function logFailure(log: Logger, error: AiError, when: string) {
  const details = { tag: error.tag, status: error.status, when, err: error.cause ?? error };
  if (
    error.tag === "insufficient_quota" ||
    error.tag === "authentication" ||
    error.tag === "model_not_found" ||
    error.tag === "unreachable"
  ) {
    log.error(details, `ai ${error.tag.replaceAll("_", " ")}`);
  } else {
    log.warn(details, "ai answer failed");
  }
}

/** Message times strictly increase within a conversation, so history keeps its order even on a coarse clock. */
function after(now: Date, previous: Date | undefined): Date {
  if (!previous || now.getTime() > previous.getTime()) return now;
  return new Date(previous.getTime() + 1);
}

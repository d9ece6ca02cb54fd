import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import {
  BOARD_MIN_DIRECTORS,
  BOARD_NOT_IN_PREVIEW,
  BOARD_UNTRAINED_DIRECTOR,
  boardQuestionSchema,
  boardRetrySchema,
} from "../../../shared/board";
import { DIRECTORS, type Director, type DirectorId } from "../../../shared/directors";
import type { EarlierRound } from "../../ai/board-prompt";
import type { AppEnv } from "../../app-env";
import { boardPreviewOf, claimPreview } from "../../board/board-preview";
import { writeRound } from "../../board/board-round";
import { type BoardState, loadBoardState, type StoredRound } from "../../board/board-state";
import { restartAnswers, storeBoardRound } from "../../board/board-store";
import { titleFromQuestion } from "../../chat/conversation-title";
import type { AppDeps } from "../../deps";
import { statusesOf } from "../../directors/director-access";
import type { Env } from "../../env";
import { AppError } from "../../http/app-error";
import { throttle } from "../../http/rate-limit";
import { readJson } from "../../http/read-json";
import { activePlan, type PlanStatus, planStatusOf } from "../../plans/plan-status";
import { idParam } from "../chat/id-param";

/**
 * A question to the board: validate → read the owner's state → choose the
 * directors (all trained ones unless the owner chose, at least two; a
 * follow-up keeps the meeting's; the trial's preview its own, see seatsFor)
 * → count one chat turn per director against
 * the chat limit → store the question with an empty answer per director and
 * the memo → write them all (board-round.ts), answering at once with their
 * stream. Refusals before anything is stored are JSON errors, as in a chat turn.
 */
export async function handleBoardQuestion(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const user = c.get("user");
  const input = await readJson(c, boardQuestionSchema, "validation:board");
  const now = deps.now();
  const state = await loadBoardState(deps.db, { userId: user.id, meetingId: input.conversationId, now });
  if (input.conversationId && !state.meeting) throw new AppError("not_found:conversation");
  const planStatus = activePlan(state.subscription && planStatusOf(state.subscription, now));
  const { directors, preview } = seatsFor(deps.env, state, planStatus, input.directors);
  await throttle(deps.db, {
    keys: [`chat:user:${user.id}`],
    limit: deps.env.CHAT_RATE_LIMIT_PER_MINUTE,
    code: "rate_limit:chat",
    now,
    cost: directors.length,
  });
  const last = state.rounds.at(-1);
  if (last && stillWriting(last)) throw new AppError("conflict:answer_in_progress");

  const ids = directors.map((director) => director.id);
  const round = {
    userId: user.id,
    meeting: state.meeting ? { id: state.meeting.id } : { directors: ids, title: titleFromQuestion(input.text) },
    directors: ids,
    text: input.text,
    at: after(now, lastTimeOf(last)),
  };
  const stored = preview
    ? await deps.db.transaction(async (tx) => {
        const newId = randomUUID();
        if (!(await claimPreview(tx, user.id, newId))) throw new AppError("board:preview_used");
        return storeBoardRound(tx, { ...round, meeting: { ...round.meeting, newId } });
      })
    : await storeBoardRound(deps.db, round);
  return writeRound(deps, {
    userId: user.id,
    log: c.get("log"),
    conversationId: stored.conversationId,
    question: { id: stored.question.id, content: input.text },
    directors,
    write: stored.answers,
    kept: new Map(),
    earlier: earlierRounds(state.rounds, ids),
    earlierMemo: earlierMemoOf(state.rounds),
    profile: state.profile,
    trainingAnswers: answersOf(state),
    nameAfter: !state.meeting || state.meeting.titleSource === "question",
  });
}

/**
 * Retry in the meeting's last round: one director's answer again, in place
 * (and the memo after it, so it includes them), or the memo alone. Counts
 * one chat turn.
 */
export async function handleBoardRetry(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const user = c.get("user");
  const { author } = await readJson(c, boardRetrySchema, "validation:board");
  const meetingId = idParam(c.req.param("id"), "not_found:conversation");
  const now = deps.now();
  const state = await loadBoardState(deps.db, { userId: user.id, meetingId, now });
  const meeting = state.meeting;
  const round = state.rounds.at(-1);
  if (!meeting || !round) throw new AppError("not_found:conversation");
  const planStatus = activePlan(state.subscription && planStatusOf(state.subscription, now));
  // The preview's one question may be answered again while the trial lasts, by the directors who sat in it.
  const isPreview = state.subscription?.boardPreviewMeetingId === meeting.id && planStatus.plan.id === "free-trial";
  const trained = isPreview ? [] : trainedDirectors(deps.env, state, planStatus);
  if (trained.length < BOARD_MIN_DIRECTORS && !isPreview) throw new AppError("board:not_enough_directors");
  if (author !== "board") {
    if (!round.answers.has(author)) {
      throw new AppError("bad_request:api", { message: "This director did not sit in this round." });
    }
    if (!isPreview && !trained.some((director) => director.id === author)) {
      throw new AppError("validation:board", { message: BOARD_UNTRAINED_DIRECTOR });
    }
  }
  await throttle(deps.db, {
    keys: [`chat:user:${user.id}`],
    limit: deps.env.CHAT_RATE_LIMIT_PER_MINUTE,
    code: "rate_limit:chat",
    now,
  });
  if (stillWriting(round)) throw new AppError("conflict:answer_in_progress");

  const again = [author === "board" ? undefined : round.answers.get(author), round.memo].filter(
    (message) => message !== undefined,
  );
  if (again.length === 0) throw new AppError("not_found:conversation");
  const restarted = await restartAnswers(deps.db, {
    userId: user.id,
    conversationId: meeting.id,
    answerIds: again.map((message) => message.id),
    now,
  });
  if (restarted.length !== again.length) throw new AppError("not_found:conversation");

  const seats = meeting.directors.filter((id) => round.answers.has(id));
  const directors = DIRECTORS.filter((director) => seats.includes(director.id));
  const kept = new Map(
    [...round.answers].filter(([id]) => id !== author).map(([id, message]) => [id, message] as const),
  );
  const index = state.rounds.length - 1;
  return writeRound(deps, {
    userId: user.id,
    log: c.get("log"),
    conversationId: meeting.id,
    question: { id: round.question.id, content: round.question.content },
    directors,
    write: again.map((message) => ({
      author: message.directorId ?? "board",
      id: message.id,
      createdAt: message.createdAt,
    })),
    kept,
    earlier: earlierRounds(state.rounds.slice(0, index), seats),
    earlierMemo: earlierMemoOf(state.rounds.slice(0, index)),
    profile: state.profile,
    trainingAnswers: answersOf(state),
    nameAfter: meeting.titleSource === "question",
  });
}

/** The owner's trained directors this plan lets them talk to, in the catalogue's order. */
function trainedDirectors(env: Pick<Env, "AVAILABLE_DIRECTORS">, state: BoardState, planStatus: PlanStatus) {
  return statusesOf(env, state.trained, planStatus)
    .filter((status) => status.state === "trained")
    .map((status) => status.director);
}

/**
 * Who answers a question: a follow-up keeps the meeting's trained directors;
 * a new meeting seats those the owner chose (every trained one by default).
 * An owner on the trial who cannot seat two trained directors holds the
 * preview instead, once, with the directors it offers (board-preview.ts);
 * the preview takes no follow-up.
 */
function seatsFor(
  env: Pick<Env, "AVAILABLE_DIRECTORS">,
  state: BoardState,
  planStatus: PlanStatus,
  chosen: DirectorId[] | undefined,
): { directors: Director[]; preview: boolean } {
  const statuses = statusesOf(env, state.trained, planStatus);
  const trained = trainedDirectors(env, state, planStatus);
  if (state.meeting) {
    const meeting = state.meeting;
    const directors = trained.filter((director) => meeting.directors.includes(director.id));
    if (directors.length >= BOARD_MIN_DIRECTORS) return { directors, preview: false };
    const wasPreview = state.subscription?.boardPreviewMeetingId === meeting.id;
    throw new AppError(wasPreview ? "board:preview_follow_up" : "board:not_enough_directors");
  }
  if (trained.length >= BOARD_MIN_DIRECTORS) {
    return { directors: chosenDirectors(trained, chosen, BOARD_UNTRAINED_DIRECTOR), preview: false };
  }
  const preview = boardPreviewOf(statuses, planStatus, state.subscription?.boardPreviewMeetingId ?? null);
  if (!preview) throw new AppError("board:not_enough_directors");
  if (preview.meetingId) throw new AppError("board:preview_used");
  const offered = DIRECTORS.filter((director) => preview.directors.includes(director.id));
  return { directors: chosenDirectors(offered, chosen, BOARD_NOT_IN_PREVIEW), preview: true };
}

/** The directors the owner chose (each one of those who may sit), or every one who may. */
function chosenDirectors(seatable: Director[], chosen: DirectorId[] | undefined, refusal: string): Director[] {
  if (!chosen) return seatable;
  if (chosen.some((id) => !seatable.some((director) => director.id === id))) {
    throw new AppError("validation:board", { fields: { directors: refusal } });
  }
  return seatable.filter((director) => chosen.includes(director.id));
}

/** An answer or the memo of the round is still being written. */
function stillWriting(round: StoredRound): boolean {
  return round.memo?.status === "streaming" || [...round.answers.values()].some((a) => a.status === "streaming");
}

/** The earlier rounds as each director's follow-up reads them: the question, its own answer, the memo. */
function earlierRounds(rounds: StoredRound[], directors: DirectorId[]) {
  return (directorId: DirectorId): EarlierRound[] =>
    rounds.map((round) => ({
      question: round.question.content,
      ownAnswer: directors.includes(directorId) ? usable(round.answers.get(directorId)) : undefined,
      memo: usable(round.memo),
    }));
}

function earlierMemoOf(rounds: StoredRound[]): string | undefined {
  return usable(rounds.at(-1)?.memo);
}

function usable(message: { status: string; content: string } | undefined): string | undefined {
  return message && message.status === "complete" && message.content.trim() !== "" ? message.content : undefined;
}

function answersOf(state: BoardState) {
  return (directorId: DirectorId) => state.trained.find((training) => training.directorId === directorId)?.answers;
}

function lastTimeOf(round: StoredRound | undefined): Date | undefined {
  if (!round) return undefined;
  const times = [round.question, ...round.answers.values(), ...(round.memo ? [round.memo] : [])].map((message) =>
    message.createdAt.getTime(),
  );
  return new Date(Math.max(...times));
}

/** Message times strictly increase within a conversation, so history keeps its order even on a coarse clock. */
function after(now: Date, previous: Date | undefined): Date {
  if (!previous || now.getTime() > previous.getTime()) return now;
  return new Date(previous.getTime() + 1);
}

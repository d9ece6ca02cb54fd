import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AnswerSource } from "#shared/answer-sources";
import type { BoardMeeting, BoardRound, BoardStreamEvent } from "#shared/board";
import type { AnswerAuthor, AnswerPhase, ChatMessage, ChatMessageStatus } from "#shared/chat";
import type { DirectorId } from "#shared/directors";
import { ERRORS, type ErrorCode } from "#shared/errors";
import { errorToast, toast } from "../../../components/ui/use-toast";
import { ApiError } from "../../../lib/api";
import { usePlanErrorRedirect } from "../../../lib/plan-redirect";
import { conversationListKey } from "../chat-api";
import { askBoard, followMeeting, meetingKey, retryInMeeting, stopMeeting, useMeeting } from "./board-api";

/** An answer (a director's, or the memo) as the board shows it, stored or being written. */
export type ShownAnswer = {
  messageId: string | undefined;
  text: string;
  status: ChatMessageStatus;
  errorCode: ErrorCode | null;
  /** What it is doing before its first words. */
  phase: AnswerPhase;
  createdAt: string | undefined;
  /** A director's answer, once it has ended: what it stood on. */
  sources?: AnswerSource[];
};

export type ShownRound = {
  questionId: string | undefined;
  question: string;
  createdAt: string | undefined;
  directors: DirectorId[];
  answers: Partial<Record<DirectorId, ShownAnswer>>;
  memo: ShownAnswer;
};

/** What is being written now: a question not in the stored meeting yet, and the answers' live state. */
type Live = {
  questionId: string | undefined;
  question?: { text: string; directors: DirectorId[] };
  answers: Partial<Record<AnswerAuthor, ShownAnswer>>;
};

const WAITING: ShownAnswer = {
  messageId: undefined,
  text: "",
  status: "streaming",
  errorCode: null,
  phase: "reading",
  createdAt: undefined,
};

/**
 * One board meeting as the page shows it: the stored rounds, with what is
 * being written laid over them as it streams. A question starts a new
 * meeting (or asks a follow-up); Retry writes one director's answer (and the
 * memo) again; Stop stops every answer; an answer still being written when
 * the page opens (a reload, another device, a dropped connection) is
 * followed from its first word.
 */
export function useBoardMeeting(input: { meetingId: string | undefined; onStarted: (id: string) => void }) {
  const { onStarted } = input;
  const queryClient = useQueryClient();
  const redirectForPlan = usePlanErrorRedirect();
  const [meetingId, setMeetingId] = useState(input.meetingId);
  const meeting = useMeeting(meetingId);
  const [live, setLive] = useState<Live | undefined>();
  const [busy, setBusy] = useState(false);
  const [restore, setRestore] = useState<{ text: string } | null>(null);
  const controller = useRef<AbortController | undefined>(undefined);
  const idRef = useRef(meetingId);
  idRef.current = meetingId;
  useEffect(() => () => controller.current?.abort(), []);

  const apply = useCallback(
    (event: BoardStreamEvent) => {
      if (event.type === "round") {
        if (!idRef.current) {
          idRef.current = event.conversationId;
          setMeetingId(event.conversationId);
          onStarted(event.conversationId);
        }
        setLive((current) => {
          const answers = { ...current?.answers };
          for (const answer of event.answers) {
            answers[answer.author] = { ...WAITING, messageId: answer.messageId, createdAt: answer.createdAt };
          }
          return { ...current, questionId: event.questionId, answers };
        });
        return;
      }
      setLive((current) => {
        if (!current) return current;
        const answer = current.answers[event.author] ?? WAITING;
        let next: ShownAnswer;
        if (event.type === "phase") next = { ...answer, phase: event.phase };
        else if (event.type === "delta") {
          next = { ...answer, phase: "writing", text: answer.text.slice(0, event.offset) + event.text };
        } else {
          next = { ...answer, status: event.status, errorCode: event.errorCode };
          if (event.sources) next.sources = event.sources;
        }
        return { ...current, answers: { ...current.answers, [event.author]: next } };
      });
    },
    [onStarted],
  );

  const settle = useCallback(async () => {
    const id = idRef.current;
    if (id) await queryClient.invalidateQueries({ queryKey: meetingKey(id) });
    void queryClient.invalidateQueries({ queryKey: conversationListKey });
    setLive(undefined);
    setBusy(false);
  }, [queryClient]);

  // `run` and `follow` call each other: a dropped connection is followed again from where the answers are.
  const followRef = useRef<() => void>(() => {});

  const refused = useCallback(
    (error: unknown, sent: string | undefined) => {
      setLive(undefined);
      setBusy(false);
      if (redirectForPlan(error)) return;
      if (sent !== undefined) setRestore({ text: sent });
      const apiError = error instanceof ApiError ? error : undefined;
      const code = apiError && apiError.code !== "network" ? apiError.code : undefined;
      if (code === "rate_limit:chat") {
        toast({ title: "Too many messages", description: ERRORS[code].message, variant: "destructive" });
      } else {
        errorToast(
          apiError?.fields.directors ?? apiError?.fields.text ?? apiError?.message ?? ERRORS["server:internal"].message,
        );
      }
      if (code === "conflict:answer_in_progress") followRef.current();
    },
    [redirectForPlan],
  );

  const run = useCallback(
    async (
      open: (signal: AbortSignal) => Promise<(on: (event: BoardStreamEvent) => void) => Promise<boolean>>,
      start: Live,
      sent?: string,
    ) => {
      controller.current?.abort();
      const ownController = new AbortController();
      controller.current = ownController;
      setLive(start);
      setBusy(true);
      try {
        const read = await open(ownController.signal);
        await read(apply);
      } catch (error) {
        if (ownController.signal.aborted) return;
        if (error instanceof ApiError && error.code === "network" && idRef.current) {
          setTimeout(() => followRef.current(), 1000);
          return;
        }
        refused(error, sent);
        return;
      }
      if (!ownController.signal.aborted) await settle();
    },
    [apply, settle, refused],
  );

  const follow = useCallback(() => {
    const id = idRef.current;
    if (!id) return;
    const last = queryClient.getQueryData<BoardMeeting>(meetingKey(id))?.rounds.at(-1);
    void run((signal) => followMeeting(id, signal), { questionId: last?.question.id, answers: {} });
  }, [queryClient, run]);
  followRef.current = follow;

  // A meeting that opens while an answer is still being written follows it from its first word.
  const followedAt = useRef(0);
  useEffect(() => {
    const data = meeting.data;
    if (!data || busy || meeting.dataUpdatedAt === followedAt.current) return;
    followedAt.current = meeting.dataUpdatedAt;
    if (data.rounds.at(-1) && writing(data.rounds.at(-1) as BoardRound)) follow();
  }, [meeting.data, meeting.dataUpdatedAt, busy, follow]);

  const ask = useCallback(
    (text: string, directors: DirectorId[]) => {
      const id = idRef.current;
      const seats = id ? (meeting.data?.directors ?? directors) : directors;
      const answers: Live["answers"] = { board: WAITING };
      for (const director of seats) answers[director] = WAITING;
      void run(
        (signal) => askBoard(id ? { conversationId: id, text } : { text, directors }, signal),
        { questionId: undefined, question: { text, directors: seats }, answers },
        text,
      );
    },
    [meeting.data, run],
  );

  const retry = useCallback(
    (author: AnswerAuthor) => {
      const id = idRef.current;
      const last = meeting.data?.rounds.at(-1);
      if (!id || !last) return;
      const answers: Live["answers"] = { board: WAITING };
      if (author !== "board") answers[author] = WAITING;
      void run((signal) => retryInMeeting(id, { author }, signal), { questionId: last.question.id, answers });
    },
    [meeting.data, run],
  );

  const stop = useCallback(async () => {
    const id = idRef.current;
    if (!id) {
      controller.current?.abort();
      setLive(undefined);
      setBusy(false);
      return;
    }
    try {
      await stopMeeting(id);
    } catch (error) {
      errorToast((error as Error).message);
    }
  }, []);

  const rounds = useMemo(() => shownRounds(meeting.data, live), [meeting.data, live]);
  return { meetingId, meeting, rounds, busy, restore, ask, retry, stop };
}

/** An answer or the memo of the round is still being written. */
function writing(round: BoardRound): boolean {
  return round.memo?.status === "streaming" || round.answers.some((answer) => answer.status === "streaming");
}

function fromStored(message: ChatMessage): ShownAnswer {
  return {
    messageId: message.id,
    text: message.content,
    status: message.status,
    errorCode: message.errorCode,
    phase: message.status === "streaming" && message.content !== "" ? "writing" : "reading",
    createdAt: message.createdAt,
    ...(message.sources ? { sources: message.sources } : {}),
  };
}

/** The stored rounds with what is being written laid over the last, or a question not stored yet after them. */
function shownRounds(meeting: BoardMeeting | undefined, live: Live | undefined): ShownRound[] {
  const rounds: ShownRound[] = (meeting?.rounds ?? []).map((round) => {
    const answers: ShownRound["answers"] = {};
    for (const answer of round.answers) answers[answer.directorId] = fromStored(answer);
    return {
      questionId: round.question.id,
      question: round.question.content,
      createdAt: round.question.createdAt,
      directors: round.answers.map((answer) => answer.directorId),
      answers,
      memo: round.memo ? fromStored(round.memo) : WAITING,
    };
  });
  if (!live) return rounds;
  let round = rounds.find((candidate) => live.questionId && candidate.questionId === live.questionId);
  if (!round && live.question) {
    round = {
      questionId: live.questionId,
      question: live.question.text,
      createdAt: new Date().toISOString(),
      directors: live.question.directors,
      answers: {},
      memo: WAITING,
    };
    rounds.push(round);
  }
  if (!round) return rounds;
  for (const [author, answer] of Object.entries(live.answers) as Array<[AnswerAuthor, ShownAnswer]>) {
    if (author === "board") round.memo = answer;
    else round.answers[author] = answer;
  }
  return rounds;
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BOARD_MIN_DIRECTORS, type BoardPreview } from "#shared/board";
import { type Director, type DirectorId, findDirector } from "#shared/directors";
import { ERRORS } from "#shared/errors";
import { BoardAvatar } from "../../../components/board-avatar";
import { NoAiServiceNotice } from "../../../components/no-ai-service-notice";
import { boardIcon } from "../../../components/ui/app-icons";
import { Button } from "../../../components/ui/button";
import { Icon } from "../../../components/ui/icon";
import { IconBadge } from "../../../components/ui/icon-badge";
import { plusIcon } from "../../../components/ui/page-icons";
import { Loading, Skeleton } from "../../../components/ui/skeleton";
import { errorToast } from "../../../components/ui/use-toast";
import { usePlanErrorRedirect } from "../../../lib/plan-redirect";
import { usePublicConfig } from "../../../lib/use-public-config";
import { conversationListKey, useConversationList } from "../chat-api";
import { HistoryButton } from "../conversation-header";
import { ConversationMenu } from "../conversation-menu";
import { LoadErrorAlert } from "../conversation-states";
import { codeOf } from "../use-answer-chat";
import { continueInChat, useBoardOverview } from "./board-api";
import { BoardComposer } from "./board-composer";
import { BoardIntro } from "./board-intro";
import { PreviewBadge, PreviewEnd, PreviewNote } from "./board-preview";
import { BoardRoundView } from "./board-round-view";
import { useBoardMeeting } from "./use-board-meeting";

/** Room left above a round brought to the top of the meeting. */
const ROUND_GAP_PX = 16;

/**
 * One meeting on the board page: its header (title, the history's rename,
 * export, share and delete), its rounds, and the box for the next question.
 * Mounted once per meeting, so opening another starts clean. An owner who
 * cannot hold a meeting yet sees what it is and how to get there.
 */
export function MeetingView(props: {
  meetingId: string | undefined;
  messageId: string | undefined;
  onStarted: (id: string) => void;
  onNew: () => void;
  onOpenHistory: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirectForPlan = usePlanErrorRedirect();
  const overview = useBoardOverview();
  const board = useBoardMeeting({ meetingId: props.meetingId, onStarted: props.onStarted });
  const meeting = board.meeting.data;
  const [seats, setSeats] = useState<DirectorId[] | undefined>();
  // The history list follows the title the model gives a new meeting after its memo; the header shows the same.
  const config = usePublicConfig();
  const listed = useConversationList({ waitForTitles: config.data?.aiConfigured ?? false }).data?.find(
    (conversation) => conversation.id === meeting?.conversation.id,
  );
  const conversation = meeting ? { ...meeting.conversation, ...(listed ? { title: listed.title } : {}) } : undefined;

  useEffect(() => {
    if (overview.isError) redirectForPlan(overview.error);
  }, [overview.isError, overview.error, redirectForPlan]);

  const states = overview.data?.directors ?? [];
  const trained = directorsOf(states.filter((director) => director.state === "trained").map((d) => d.id));
  // The trial's preview, while it is still to be held: its directors sit instead of the trained ones.
  const preview = overview.data?.preview ?? null;
  const previewOffered = preview !== null && preview.meetingId === null;
  const seatable = previewOffered ? directorsOf(preview.directors) : trained;
  const chosen = seats ?? seatable.map((director) => director.id);
  const rounds = board.rounds;
  const fresh = props.meetingId === undefined && rounds.length === 0;
  const cannotMeet = overview.data !== undefined && seatable.length < BOARD_MIN_DIRECTORS;
  // A preview meeting takes no follow-up while the owner still cannot hold board meetings of their own.
  const previewEnded = meeting?.preview === true && preview !== null;
  const canChatWith = (id: DirectorId) =>
    states.some((director) => director.id === id && (director.state === "trained" || director.state === "available"));

  // Open at the last round (or at a search result), and bring each new round's question to the top: the memo,
  // the decision, comes first under it.
  const scroller = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  const roundCount = rounds.length;
  const lastRoundCount = useRef(roundCount);
  useEffect(() => {
    const element = scroller.current;
    if (roundCount === 0 || !element) return;
    // Only the meeting's own scroller moves (scrollIntoView would scroll the page around it too).
    const bringUp = (target: HTMLElement | null, behavior: ScrollBehavior, offset = ROUND_GAP_PX) => {
      if (!target) return;
      const top = target.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop;
      element.scrollTo({ top: Math.max(0, top - offset), behavior });
    };
    const round = document.getElementById(`round-${roundCount - 1}`);
    if (!opened.current) {
      opened.current = true;
      const target = props.messageId ? document.getElementById(`message-${props.messageId}`) : null;
      if (target) bringUp(target, "instant", element.clientHeight / 3);
      else bringUp(round, "instant");
    } else if (roundCount > lastRoundCount.current) {
      bringUp(round, "smooth");
    }
    lastRoundCount.current = roundCount;
  }, [roundCount, props.messageId]);

  const carryOn = async (directorId: DirectorId) => {
    if (!board.meetingId) return;
    try {
      const chat = await continueInChat(board.meetingId, directorId);
      void queryClient.invalidateQueries({ queryKey: conversationListKey });
      navigate(`/chat?director=${chat.directorId}&conversation=${chat.conversationId}`, {
        state: { selectedDirector: chat.directorId },
      });
    } catch (error) {
      if (!redirectForPlan(error)) errorToast((error as Error).message);
    }
  };

  const notFound = board.meeting.isError;
  return (
    <section aria-labelledby="board-heading" className="flex min-w-0 flex-1 flex-col bg-slate-50">
      <header className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-2 py-2.5 sm:gap-3 sm:px-6 sm:py-3">
        <HistoryButton onClick={props.onOpenHistory} />
        <span className="hidden sm:block">
          <BoardAvatar />
        </span>
        <div className="min-w-0 flex-1">
          <h1 id="board-heading" className="truncate text-lg leading-tight font-semibold text-slate-900">
            Board meeting
          </h1>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            {meeting?.preview || (fresh && previewOffered) ? <PreviewBadge /> : null}
            <span className="truncate">
              {conversation ? conversation.title : "One question for all your directors"}
            </span>
          </p>
        </div>
        {conversation ? (
          <>
            <ConversationMenu
              conversation={conversation}
              onChanged={() => void board.meeting.refetch()}
              onDeleted={props.onNew}
            />
            <Button
              variant="secondary"
              size="sm"
              className="w-9 shrink-0 max-sm:px-0 sm:w-auto"
              aria-label="New meeting"
              onClick={props.onNew}
            >
              <Icon drawing={plusIcon} className="h-5 w-5 shrink-0 sm:h-4 sm:w-4" />
              <span className="hidden sm:inline">New meeting</span>
            </Button>
          </>
        ) : null}
      </header>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-6xl space-y-8 px-3 py-6 sm:px-6">
          <NoAiServiceNotice lead="Your board can meet now; its answers and memo are written once a service is connected." />
          {overview.isPending || (props.meetingId && board.meeting.isPending && rounds.length === 0) ? (
            <Loading label="Loading the board…" className="space-y-4">
              <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
              <div className="grid gap-3 sm:grid-cols-2">
                <Skeleton className="h-40 rounded-2xl" />
                <Skeleton className="h-40 rounded-2xl" />
              </div>
            </Loading>
          ) : notFound ? (
            <LoadErrorAlert
              message={ERRORS[codeOf(board.meeting.error) ?? "not_found:conversation"]?.message ?? ""}
              onRetry={() => void board.meeting.refetch()}
            />
          ) : overview.isError ? (
            <LoadErrorAlert message={ERRORS["server:internal"].message} onRetry={() => void overview.refetch()} />
          ) : fresh && cannotMeet && overview.data ? (
            <BoardIntro overview={overview.data} />
          ) : fresh ? (
            <NewMeeting
              count={chosen.length}
              preview={previewOffered ? preview : null}
              trained={trained.map((director) => director.id)}
            />
          ) : (
            rounds.map((round, index) => (
              <BoardRoundView
                key={round.questionId ?? `pending-${index}`}
                round={round}
                index={index}
                last={index === rounds.length - 1}
                busy={board.busy}
                highlight={props.messageId}
                onRetry={board.retry}
                onContinue={(directorId) => (canChatWith(directorId) ? () => void carryOn(directorId) : undefined)}
              />
            ))
          )}
        </div>
      </div>

      {previewEnded && preview && !board.busy ? (
        <PreviewEnd preview={preview} />
      ) : overview.data && !notFound && !(fresh && cannotMeet) ? (
        <BoardComposer
          directors={meeting ? meeting.directors : chosen}
          choice={fresh ? { seatable, onChange: setSeats } : undefined}
          followUp={!fresh}
          chatLimitPerMinute={overview.data.chatLimitPerMinute}
          canSend={!board.busy && (fresh || meeting !== undefined)}
          busy={board.busy}
          onSend={(text) => board.ask(text, chosen)}
          onStop={() => void board.stop()}
          restore={board.restore}
        />
      ) : null}
    </section>
  );
}

function directorsOf(ids: DirectorId[]): Director[] {
  return ids.map((id) => findDirector(id)).filter((director): director is Director => director !== undefined);
}

function NewMeeting(props: { count: number; preview: BoardPreview | null; trained: string[] }) {
  const { count, preview } = props;
  return (
    <div className="mx-auto mt-6 flex max-w-lg flex-col items-center text-center">
      <IconBadge drawing={boardIcon} tone="brand" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">Put one question to your board</h2>
      <p className="mt-1 text-sm text-slate-600">
        {count > 1 ? `Your ${count} directors answer` : "Your directors answer"} at once, each from their own
        department. Then a memo says where they agree, where they disagree, and what you need to decide.
      </p>
      {preview ? <PreviewNote preview={preview} trained={props.trained} /> : null}
    </div>
  );
}

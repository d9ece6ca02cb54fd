import { useCallback, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ConversationSummary, SearchHit } from "#shared/chat";
import { Button } from "../../../components/ui/button";
import { usePageTitle } from "../../../lib/use-page-title";
import { usePublicConfig } from "../../../lib/use-public-config";
import { HistoryList } from "../history-list";
import { SearchDialog } from "../search-dialog";
import { Sheet } from "../sheet";
import { useSearchShortcut } from "../use-search-shortcut";
import { BoardEntry } from "./board-entry";
import { MeetingView } from "./meeting-view";

/**
 * /board: a board meeting, with the history of every conversation beside it
 * (meetings and chats alike) and search. ?meeting= opens one of the owner's
 * meetings; without it a new one starts. ?message= points at one answer (a
 * search result).
 */
export function BoardPage() {
  usePageTitle("Board meeting");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const urlId = params.get("meeting") ?? undefined;
  // The meeting on screen. A new meeting learns its id from its first answer (`started`) and puts it in the URL
  // without starting over; opening another meeting (or a new one) does start over.
  const [view, setView] = useState<{ key: string; id: string | undefined; started?: string }>({
    key: urlId ?? "new",
    id: urlId,
  });
  if (urlId !== view.id) {
    setView((current) =>
      urlId !== undefined && urlId === current.started
        ? { ...current, id: urlId }
        : { key: urlId ?? `new-${current.key}`, id: urlId },
    );
  }
  const [searching, setSearching] = useState(false);
  const [sheet, setSheet] = useState(false);
  const openSearch = useCallback(() => setSearching(true), []);
  useSearchShortcut(openSearch);

  const open = (conversation: Pick<ConversationSummary, "id" | "kind" | "directorId">, messageId?: string) => {
    setSheet(false);
    const message = messageId ? `&message=${encodeURIComponent(messageId)}` : "";
    if (conversation.kind === "board") navigate(`/board?meeting=${conversation.id}${message}`);
    else {
      navigate(`/chat?director=${conversation.directorId}&conversation=${conversation.id}${message}`, {
        state: { selectedDirector: conversation.directorId },
      });
    }
  };
  const history = (placement: "sidebar" | "sheet") => (
    <HistoryList
      placement={placement}
      activeId={view.id}
      waitForTitles={config.data?.aiConfigured ?? false}
      onSearch={() => {
        setSheet(false);
        openSearch();
      }}
      onOpen={(conversation) => open(conversation)}
    />
  );

  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden">
      <aside
        aria-label="Board meetings and conversations"
        className="hidden w-60 shrink-0 flex-col border-r border-slate-200 bg-white md:flex lg:w-64"
      >
        <div className="flex gap-2 border-b border-slate-200 p-3">
          <Button className="flex-1" size="sm" onClick={() => navigate("/board")}>
            New meeting
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to="/chat">Chat</Link>
          </Button>
        </div>
        {history("sidebar")}
      </aside>
      <MeetingView
        key={view.key}
        meetingId={view.id}
        messageId={params.get("message") ?? undefined}
        onStarted={(id) => {
          setView((current) => ({ ...current, started: id }));
          navigate(`/board?meeting=${id}`, { replace: true });
        }}
        onNew={() => navigate("/board")}
        onOpenHistory={() => setSheet(true)}
      />
      <Sheet open={sheet} onOpenChange={setSheet} title="Conversations" side="left">
        <BoardEntry onOpen={() => setSheet(false)} />
        {history("sheet")}
      </Sheet>
      <SearchDialog
        open={searching}
        onOpenChange={setSearching}
        onChoose={(hit: SearchHit) =>
          open({ id: hit.conversationId, kind: hit.kind, directorId: hit.directorId }, hit.messageId)
        }
      />
    </div>
  );
}

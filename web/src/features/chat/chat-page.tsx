import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { AnswerAuthor, SearchHit } from "#shared/chat";
import { OnceOpened } from "../../components/once-opened";
import { errorToast } from "../../components/ui/use-toast";
import { lazyNamed } from "../../lib/lazy-named";
import { usePlanErrorRedirect } from "../../lib/plan-redirect";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublicConfig } from "../../lib/use-public-config";
import { BoardEntry } from "./board/board-entry";
import { chatHistoryKey, clearConversation, conversationListKey } from "./chat-api";
import { Conversation } from "./conversation";
import { DirectorSidebar } from "./director-sidebar";
import { HistoryList } from "./history-list";
import { Sheet } from "./sheet";
import { useSearchShortcut } from "./use-search-shortcut";
import { useSelectedDirector } from "./use-selected-director";

// Opened by a tap or Ctrl/Cmd+K: fetched then rather than with the page.
const SearchDialog = lazyNamed(() => import("./search-dialog"), "SearchDialog");
// The document pane and its editor load only when a document is opened beside the conversation.
const DocumentPane = lazy(() =>
  import("../documents/document-pane").then((module) => ({ default: module.DocumentPane })),
);

/**
 * /chat: the director selector with the conversation history under it, the
 * conversation, and the "Superpowers" panel (spec section 2). On phones the
 * history opens as a sheet; search (Ctrl/Cmd+K) reaches every conversation.
 */
export function ChatPage() {
  const { requestedId, director, conversationId, messageId, select, openConversation } = useSelectedDirector();
  usePageTitle(director ? `Chat with ${director.name}` : "Chat");
  const config = usePublicConfig();
  const [showing, setShowing] = useState<string | undefined>();
  const [searching, setSearching] = useState(false);
  const [sheet, setSheet] = useState<"history" | undefined>();
  const openSearch = useCallback(() => setSearching(true), []);
  const navigate = useNavigate();
  // Board meetings sit in the same history and search; they open on the board.
  const openMeeting = (id: string, messageId?: string) =>
    navigate(`/board?meeting=${id}${messageId ? `&message=${encodeURIComponent(messageId)}` : ""}`);
  useSearchShortcut(openSearch);
  const queryClient = useQueryClient();
  const redirectForPlan = usePlanErrorRedirect();
  // Bumped to open a new conversation afresh, from the skeleton and the welcome message, as any conversation opens.
  const [fresh, setFresh] = useState(0);
  const pane = useDocumentPaneParams();

  /** "New conversation": the one on screen stays in the history; the director's next question starts another. */
  const startNew = async () => {
    if (!director) return;
    setSheet(undefined);
    try {
      await clearConversation(director.id);
    } catch (error) {
      if (!redirectForPlan(error)) errorToast((error as Error).message);
      return;
    }
    queryClient.removeQueries({ queryKey: chatHistoryKey(director.id, undefined) });
    void queryClient.invalidateQueries({ queryKey: conversationListKey });
    setFresh((count) => count + 1);
    if (conversationId) openConversation(director.id);
  };

  const history = (placement: "sidebar" | "sheet") => (
    <HistoryList
      placement={placement}
      activeId={showing}
      waitForTitles={config.data?.aiConfigured ?? false}
      onNew={() => void startNew()}
      onSearch={() => {
        setSheet(undefined);
        openSearch();
      }}
      onOpen={(conversation) => {
        setSheet(undefined);
        if (conversation.kind === "board") openMeeting(conversation.id);
        else openConversation(conversation.directorId, conversation.id);
      }}
    />
  );
  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden">
      <DirectorSidebar selectedId={requestedId} onSelect={select}>
        <BoardEntry />
        {history("sidebar")}
      </DirectorSidebar>
      <Conversation
        key={`${requestedId}:${conversationId ?? "current"}:${fresh}`}
        requestedId={requestedId}
        director={director}
        conversationId={conversationId}
        messageId={messageId}
        onSelect={select}
        onOpenCurrent={() => openConversation(requestedId)}
        onOpenHistory={() => setSheet("history")}
        onShowing={setShowing}
        besideDocument={pane.open}
      />
      {pane.open ? (
        <aside
          aria-label="Document"
          className="hidden w-[min(40rem,42vw)] shrink-0 overflow-y-auto border-l border-slate-200 bg-slate-50 lg:block"
        >
          <Suspense fallback={null}>
            <DocumentPane
              documentId={pane.documentId}
              draft={pane.draft}
              onCreated={pane.created}
              onClose={pane.close}
            />
          </Suspense>
        </aside>
      ) : null}
      <Sheet
        open={sheet === "history"}
        onOpenChange={(open) => setSheet(open ? "history" : undefined)}
        title="Conversations"
        side="left"
      >
        <BoardEntry onOpen={() => setSheet(undefined)} />
        {history("sheet")}
      </Sheet>
      <OnceOpened open={searching}>
        <SearchDialog
          open={searching}
          onOpenChange={setSearching}
          onChoose={(hit: SearchHit) =>
            hit.kind === "board"
              ? openMeeting(hit.conversationId, hit.messageId)
              : openConversation(hit.directorId, hit.conversationId, hit.messageId)
          }
        />
      </OnceOpened>
    </div>
  );
}

/**
 * The document beside the conversation, in the address so a reload keeps it: ?draftFrom= (and ?draftDirector=) while
 * an answer is being made into one, then ?document= once it exists.
 */
function useDocumentPaneParams() {
  const [params, setParams] = useSearchParams();
  const documentId = params.get("document") ?? undefined;
  const draftFrom = params.get("draftFrom");
  const draftDirector = params.get("draftDirector");
  const draft =
    draftFrom && draftDirector ? { messageId: draftFrom, directorId: draftDirector as AnswerAuthor } : undefined;
  const created = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("draftFrom");
          next.delete("draftDirector");
          next.set("document", id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of ["document", "draftFrom", "draftDirector"]) next.delete(name);
      return next;
    });
  return { open: documentId !== undefined || draft !== undefined, documentId, draft, created, close };
}

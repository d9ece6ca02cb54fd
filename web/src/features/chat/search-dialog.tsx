import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchHit } from "#shared/chat";
import { findDirector } from "#shared/directors";
import { BoardAvatar } from "../../components/board-avatar";
import { DirectorAvatar } from "../../components/director-avatar";
import { Icon } from "../../components/ui/icon";
import { searchIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";
import { formatDate } from "../../lib/format-date";
import { searchConversations } from "./chat-api";

/** Waits this long after the last key before searching. */
const SEARCH_DELAY_MS = 200;

/**
 * One search box across every conversation with every director. Results show
 * the matching words marked, the director and the date; choosing one opens
 * that conversation at that message.
 */
export function SearchDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (hit: SearchHit) => void;
}) {
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[] | undefined>();
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const text = query.trim();
    if (text === "") {
      setHits(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const result = await searchConversations(text, controller.signal);
        setHits(result.hits);
        setFailed(false);
        setActive(0);
      } catch (error) {
        if ((error as Error).name !== "AbortError") setFailed(true);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (hit: SearchHit | undefined) => {
    if (!hit) return;
    props.onOpenChange(false);
    props.onChoose(hit);
  };

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(open) => {
        if (open) setQuery("");
        props.onOpenChange(open);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-xl focus:outline-none sm:top-[12vh]">
          <Dialog.Title className="sr-only">Search conversations</Dialog.Title>
          <Dialog.Description className="sr-only">
            Search every conversation with every director. Choose a result to open it.
          </Dialog.Description>
          <div className="flex items-center gap-3 border-b border-slate-200 px-4">
            <Icon drawing={searchIcon} className="h-4 w-4 shrink-0" />
            <input
              aria-label="Search conversations"
              role="combobox"
              aria-expanded={hits !== undefined}
              aria-controls="search-results"
              aria-activedescendant={hits?.[active] ? `search-hit-${active}` : undefined}
              autoComplete="off"
              placeholder="Search conversations…"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (!hits?.length) return;
                if (event.key === "ArrowDown") {
                  event.preventDefault();
                  setActive((index) => Math.min(index + 1, hits.length - 1));
                } else if (event.key === "ArrowUp") {
                  event.preventDefault();
                  setActive((index) => Math.max(index - 1, 0));
                } else if (event.key === "Enter") {
                  event.preventDefault();
                  choose(hits[active]);
                }
              }}
              className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
            />
            <kbd className="hidden rounded border border-slate-200 px-1.5 text-xs text-slate-500 sm:inline">Esc</kbd>
          </div>
          <div className="min-h-0 overflow-y-auto">
            {failed ? (
              <p className="p-4 text-sm text-red-700">Search is not available right now. Please try again.</p>
            ) : hits === undefined ? (
              <p className="p-4 text-sm text-slate-500">Type words from a question or an answer.</p>
            ) : hits.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">No messages match “{query.trim()}”.</p>
            ) : (
              <div id="search-results" role="listbox" aria-label="Search results" className="p-2">
                {hits.map((hit, index) => {
                  const director = findDirector(hit.author ?? hit.directorId);
                  const memo = hit.author === "board";
                  return (
                    <div
                      key={hit.messageId}
                      id={`search-hit-${index}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === active}
                      onMouseEnter={() => setActive(index)}
                      onClick={() => choose(hit)}
                      onKeyDown={() => {}}
                      className={cn(
                        "flex cursor-pointer gap-3 rounded-xl px-3 py-2.5",
                        index === active ? "bg-brand-50" : "hover:bg-slate-50",
                      )}
                    >
                      {director ? (
                        <DirectorAvatar director={director} size="sm" />
                      ) : hit.kind === "board" || memo ? (
                        <BoardAvatar size="sm" />
                      ) : null}
                      <div className="min-w-0 flex-1">
                        <p className="flex items-baseline justify-between gap-3 text-xs text-slate-600">
                          <span className="truncate">
                            <span className="font-medium text-slate-700">{hit.conversationTitle}</span> ·{" "}
                            {hit.sender === "user" ? "You" : memo ? "Board memo" : director?.name}
                          </span>
                          <time dateTime={hit.createdAt} className="shrink-0">
                            {formatDate(hit.createdAt)}
                          </time>
                        </p>
                        <p className="mt-0.5 line-clamp-3 text-sm text-slate-800">
                          <Snippet text={hit.snippet} />
                        </p>
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The passage with its matching words in <mark>; the text is only ever text. */
function Snippet({ text }: { text: string }) {
  const pieces = text.split(HIGHLIGHT_START);
  return (
    <>
      {pieces.map((piece, index) => {
        if (index === 0) return <span key="start">{piece}</span>;
        const [marked, rest] = piece.split(HIGHLIGHT_END);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never move.
          <span key={index}>
            <mark className="rounded bg-amber-200 px-0.5 text-slate-900">{marked}</mark>
            {rest}
          </span>
        );
      })}
    </>
  );
}

import type { ConversationSummary } from "#shared/chat";
import { findDirector } from "#shared/directors";
import { BoardAvatar } from "../../components/board-avatar";
import { DirectorAvatar } from "../../components/director-avatar";
import { Icon } from "../../components/ui/icon";
import { newConversationIcon, searchIcon } from "../../components/ui/page-icons";
import { Loading, Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { useConversationList } from "./chat-api";

type HistoryListProps = {
  /** The conversation on screen, highlighted in the list. */
  activeId: string | undefined;
  onOpen: (conversation: ConversationSummary) => void;
  onSearch: () => void;
  /** Starts a new conversation with the director on screen (the chat offers it; the board has its own start). */
  onNew?: () => void;
  /** The model names new conversations a moment after their first answer. */
  waitForTitles: boolean;
  /** The sidebar shows a heading; the phone's sheet has its own title. */
  placement: "sidebar" | "sheet";
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today, Yesterday, Previous 7 days, Previous 30 days, then by month. */
function groupOf(date: Date, now: Date): string {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const time = date.getTime();
  if (time >= startOfToday) return "Today";
  if (time >= startOfToday - DAY_MS) return "Yesterday";
  if (time >= startOfToday - 7 * DAY_MS) return "Previous 7 days";
  if (time >= startOfToday - 30 * DAY_MS) return "Previous 30 days";
  return new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" }).format(date);
}

const SHORT_DATE = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });
const TIME = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** Every conversation with every director, newest first, with a search box above. */
export function HistoryList({ activeId, onOpen, onSearch, onNew, waitForTitles, placement }: HistoryListProps) {
  const headingId = `history-heading-${placement}`;
  const list = useConversationList({ waitForTitles });
  const now = new Date();
  const groups: Array<{ label: string; items: ConversationSummary[] }> = [];
  for (const conversation of list.data ?? []) {
    const label = groupOf(new Date(conversation.updatedAt), now);
    const group = groups.at(-1);
    if (group?.label === label) group.items.push(conversation);
    else groups.push({ label, items: [conversation] });
  }

  return (
    <nav aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <div
        className={cn(
          "flex min-h-10 items-center justify-between gap-2 pt-2 pr-3 pl-5",
          placement === "sheet" && "pt-3",
        )}
      >
        <h2
          id={headingId}
          className={cn(
            "text-xs font-semibold tracking-wide text-slate-500 uppercase",
            placement === "sheet" && "sr-only",
          )}
        >
          Conversations
        </h2>
        {onNew ? (
          <button
            type="button"
            onClick={onNew}
            aria-label="New conversation"
            title="New conversation"
            className="flex h-11 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:h-8"
          >
            <Icon drawing={newConversationIcon} className="h-4 w-4" />
            New
          </button>
        ) : null}
      </div>
      <div className="px-3 pt-1 pb-2">
        <button
          type="button"
          onClick={onSearch}
          className="flex h-11 w-full items-center gap-2 sm:h-9 rounded-lg border border-slate-200 bg-slate-50 px-3 text-left text-sm text-slate-500 hover:border-slate-300 hover:bg-white"
        >
          <Icon drawing={searchIcon} className="h-4 w-4 shrink-0" />
          <span className="min-w-0 flex-1 truncate">Search conversations</span>
          <kbd className="hidden rounded border border-slate-200 bg-white px-1.5 font-sans text-[0.7rem] text-slate-500 md:inline">
            Ctrl K
          </kbd>
        </button>
      </div>
      {list.isPending ? (
        <Loading label="Loading conversations…" className="space-y-2 px-5 py-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-32" />
        </Loading>
      ) : list.isError ? (
        <p className="px-5 py-2 text-sm text-red-700">Your conversations could not be loaded.</p>
      ) : groups.length === 0 ? (
        <p className="px-5 py-2 text-sm text-slate-500">Your conversations will be listed here.</p>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
          {groups.map((group) => (
            <section key={group.label} aria-label={group.label} className="mt-2 first:mt-0">
              <h3 className="px-2 pt-2 pb-1 text-xs font-medium text-slate-500">{group.label}</h3>
              <ul className="space-y-0.5">
                {group.items.map((conversation) => {
                  const director = findDirector(conversation.directorId);
                  const active = conversation.id === activeId;
                  const updated = new Date(conversation.updatedAt);
                  return (
                    <li key={conversation.id}>
                      <button
                        type="button"
                        onClick={() => onOpen(conversation)}
                        aria-current={active ? "page" : undefined}
                        className={cn(
                          "flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left transition-colors",
                          active ? "bg-brand-50 ring-1 ring-brand-200" : "hover:bg-slate-50",
                        )}
                      >
                        {conversation.kind === "board" ? (
                          <BoardAvatar size="xs" />
                        ) : director ? (
                          <DirectorAvatar director={director} size="xs" />
                        ) : null}
                        <span className="min-w-0 flex-1">
                          <span className="flex items-center gap-1.5">
                            <span className="min-w-0 truncate text-sm text-slate-900">{conversation.title}</span>
                            {conversation.isNew ? (
                              <span className="shrink-0 rounded-full bg-brand-100 px-1.5 py-px text-[0.7rem] font-semibold text-brand-800">
                                New
                              </span>
                            ) : null}
                          </span>
                          <span className="block text-xs text-slate-600">
                            {conversation.kind === "board" ? "Board meeting" : director?.name} ·{" "}
                            <time dateTime={conversation.updatedAt}>
                              {group.label === "Today" || group.label === "Yesterday"
                                ? TIME.format(updated)
                                : SHORT_DATE.format(updated)}
                            </time>
                          </span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </nav>
  );
}

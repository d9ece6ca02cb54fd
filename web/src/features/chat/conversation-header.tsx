import type { ConversationSummary } from "#shared/chat";
import type { Director, DirectorId } from "#shared/directors";
import { DirectorAvatar } from "../../components/director-avatar";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { listIcon, moreIcon, newConversationIcon } from "../../components/ui/page-icons";
import { lazyNamed } from "../../lib/lazy-named";
import { AfterChatReady } from "./chat-ready";
import { DirectorSwitcher } from "./director-switcher";

// Neither is needed to ask a first question: fetched once the conversation has settled.
const KnowledgeMeter = lazyNamed(() => import("../memory/knowledge-meter"), "KnowledgeMeter");
const ConversationMenu = lazyNamed(() => import("./conversation-menu"), "ConversationMenu");

/**
 * The conversation's header: the director, the conversation's title, the
 * phone's director switcher and history button, the conversation's menu, and
 * on phones "Clear conversation" (one tap: it starts a new conversation and
 * keeps this one in the history).
 */
export function ConversationHeader(props: {
  director: Director | undefined;
  requestedId: string;
  /** The conversation on screen once it has messages. */
  conversation: ConversationSummary | undefined;
  clearDisabled: boolean;
  onSelect: (id: DirectorId) => void;
  onOpenHistory: () => void;
  onClear: () => void;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { director, conversation } = props;
  return (
    <header className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-2 py-2.5 sm:gap-3 sm:px-6 sm:py-3">
      <HistoryButton onClick={props.onOpenHistory} />
      {director ? (
        <span className="hidden sm:block">
          <DirectorAvatar director={director} />
        </span>
      ) : null}
      {/* On a phone the switcher shows the director's name and title; the heading is there for screen readers. */}
      <div className="min-w-0 flex-1 max-md:sr-only">
        <h1 id="chat-heading" className="truncate text-lg leading-tight font-semibold text-slate-900">
          {director ? director.name : "Chat"}
        </h1>
        <div className="flex min-w-0 items-center gap-1">
          <p className="truncate text-sm text-slate-600">
            {director ? director.title : "Director not found"}
            {conversation ? <span className="hidden lg:inline"> · {conversation.title}</span> : null}
          </p>
          {director ? <KeyFacts director={director} className="shrink-0 max-md:hidden" /> : null}
        </div>
      </div>
      {/* On a phone the heading is hidden, so the count of key facts stands beside the switcher. */}
      {director ? <KeyFacts director={director} className="shrink-0 md:hidden" /> : null}
      <DirectorSwitcher selectedId={props.requestedId} onSelect={props.onSelect} />
      <AfterChatReady fallback={<MenuPlaceholder />}>
        <ConversationMenu conversation={conversation} onChanged={props.onChanged} onDeleted={props.onDeleted} />
      </AfterChatReady>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0 md:hidden"
        aria-label="Clear conversation"
        disabled={props.clearDisabled}
        onClick={props.onClear}
      >
        <Icon drawing={newConversationIcon} className="h-5 w-5" />
      </Button>
    </header>
  );
}

/** The count of key facts the director knows, once the conversation has settled; `className` says on which screens. */
function KeyFacts({ director, className }: { director: Director; className: string }) {
  return (
    <span className={className}>
      <AfterChatReady>
        <KnowledgeMeter director={director} />
      </AfterChatReady>
    </span>
  );
}

/** Opens the history list, which on a narrow screen sits in a sheet rather than beside the conversation. */
export function HistoryButton(props: { onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="shrink-0 md:hidden"
      aria-label="Conversations"
      onClick={props.onClick}
    >
      <Icon drawing={listIcon} className="h-5 w-5" />
    </Button>
  );
}

/** The conversation menu's button, disabled, until the menu's code has arrived. */
function MenuPlaceholder() {
  return (
    <Button variant="ghost" size="icon" aria-label="Conversation options" disabled>
      <Icon drawing={moreIcon} className="h-5 w-5" />
    </Button>
  );
}

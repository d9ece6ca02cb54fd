import { usePageTitle } from "../../lib/use-page-title";
import { Conversation } from "./conversation";
import { DirectorSidebar } from "./director-sidebar";
import { useSelectedDirector } from "./use-selected-director";

/** /chat: the director selector, the conversation and the "Superpowers" panel (spec section 2). */
export function ChatPage() {
  const { requestedId, director, select } = useSelectedDirector();
  usePageTitle(director ? `Chat with ${director.name}` : "Chat");
  return (
    <div className="flex h-[calc(100dvh-4rem)] min-h-[28rem] overflow-hidden">
      <DirectorSidebar selectedId={requestedId} onSelect={select} />
      <Conversation key={requestedId} requestedId={requestedId} director={director} onSelect={select} />
    </div>
  );
}

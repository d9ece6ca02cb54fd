import { type UIEvent, useCallback, useEffect, useRef, useState } from "react";
import type { ChatUIMessage } from "./chat-api";

/** Further from the bottom than this, the owner has scrolled up to read: "Jump to latest" appears. */
const AWAY_PX = 240;

/**
 * Keeps the conversation scrolled to the latest message: when it opens, as
 * an answer streams in (unless the owner has scrolled up to read), and on
 * "Jump to latest". A message a search result pointed at is brought into
 * view instead when the conversation opens.
 */
export function useFollowLatest(input: {
  messages: ChatUIMessage[];
  ready: boolean;
  status: string;
  highlightId: string | undefined;
}) {
  const scroller = useRef<HTMLElement>(null);
  const [away, setAway] = useState(false);
  // Whether the owner was at the latest message when they last scrolled: an
  // answer arriving in one large piece must not count as scrolling away.
  const following = useRef(true);
  const opened = useRef(false);
  const { messages, ready, status, highlightId } = input;

  const toBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: smooth ? "smooth" : "auto" });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow again whenever the messages or the status change.
  useEffect(() => {
    const element = scroller.current;
    if (!element || !ready || messages.length === 0) return;
    if (!opened.current) {
      opened.current = true;
      const target = highlightId ? document.getElementById(`message-${highlightId}`) : null;
      if (target) target.scrollIntoView({ block: "center" });
      else toBottom();
      return;
    }
    if (following.current || messages.at(-1)?.role === "user") toBottom();
  }, [messages, ready, status]);

  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const element = event.currentTarget;
    const isAway = element.scrollHeight - element.scrollTop - element.clientHeight > AWAY_PX;
    following.current = !isAway;
    setAway(isAway);
  }, []);

  return { scroller, onScroll, away, jump: () => toBottom(true) };
}

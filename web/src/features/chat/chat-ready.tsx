import { createContext, type ReactNode, Suspense, use, useEffect, useState } from "react";

/** Whether the conversation on screen has settled: a question can be asked, or it has shown why not. */
export const ChatReady = createContext(false);

/** Runs when the browser is next idle; Safari has no requestIdleCallback, so there: after the current task. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * Renders lazily loaded parts of the chat screen that a first question does
 * not need (the conversation's menu, the key facts) once the conversation has
 * settled and the browser is idle, so their code never delays it; `fallback`
 * holds their place until then.
 */
export function AfterChatReady({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = use(ChatReady);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready && !shown) return whenIdle(() => setShown(true));
  }, [ready, shown]);
  return shown ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

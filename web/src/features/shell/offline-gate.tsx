import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { ApiError } from "../../lib/api";
import { useOnline } from "../../lib/use-online";
import { refreshSession, useSession } from "../../lib/use-session";
import { OfflineScreen } from "./offline-screen";

/** How often a page that could not reach the server asks again by itself. */
const RETRY_EVERY_MS = 10_000;

/**
 * The page, or the offline screen when it cannot load: the browser had no
 * connection when the owner arrived on it, or the server could not be reached
 * at all. A page already on screen when the connection drops stays (nothing
 * typed is lost) under a notice. The offline screen gives way to the page by
 * itself once the connection is back; "Try again" asks at once.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const session = useSession();
  const location = useLocation();
  const [arrival, setArrival] = useState({ key: location.key, offline: !online });
  if (arrival.key !== location.key) setArrival({ key: location.key, offline: !online });
  else if (arrival.offline && online) setArrival({ key: location.key, offline: false });

  // Unreachable from the first failed session check until one succeeds, the attempts in between included.
  const [unreachable, setUnreachable] = useState(false);
  const failedOnNetwork = session.data === undefined && (session.error as ApiError | null)?.code === "network";
  if (failedOnNetwork && !unreachable) setUnreachable(true);
  else if (unreachable && !failedOnNetwork && !session.isPending) setUnreachable(false);

  useEffect(() => {
    if (!unreachable) return;
    const retry = () => void refreshSession();
    const timer = setInterval(retry, RETRY_EVERY_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [unreachable]);

  if (arrival.offline || unreachable) {
    return (
      <OfflineScreen
        online={online}
        onRetry={() => {
          setArrival({ key: location.key, offline: !navigator.onLine });
          if (unreachable) void refreshSession();
        }}
      />
    );
  }
  return (
    <>
      {online ? null : (
        <p
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-center text-sm text-amber-900"
        >
          <span className="font-semibold">You're offline.</span> Nothing you've typed is lost; sending works again once
          you're back online.
        </p>
      )}
      {children}
    </>
  );
}

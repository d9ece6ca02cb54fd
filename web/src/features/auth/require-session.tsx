import { useEffect, useRef, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/page-loading";
import { toast } from "../../components/ui/use-toast";
import { reportUnavailable } from "../../lib/connection";
import { useSession } from "../../lib/use-session";

/**
 * How long a protected page whose session ended waits for the code that ended
 * it (sign-out, account deletion) to take the owner elsewhere, before treating
 * it as an ended session (expired, or revoked on another device) and asking
 * them to log in again.
 */
const SIGN_OUT_GRACE_MS = 1000;

/**
 * Protected pages: without a session, go to /login?next=<this page> and come
 * back after sign-in. While the session cannot be checked (the service is
 * unavailable) the page waits, reconnecting, and never signs the owner out.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const hadUser = useRef(false);
  const [graceOver, setGraceOver] = useState(false);
  if (session.data?.user) hadUser.current = true;
  // A session check that failed says nothing about the session: wait for the service instead of signing out.
  const unknown = session.isError && session.data === undefined;
  const endedHere = hadUser.current && !session.isPending && !unknown && !session.data?.user;
  useEffect(() => {
    if (unknown) reportUnavailable();
  }, [unknown]);
  useEffect(() => {
    if (!endedHere) return;
    const timer = setTimeout(() => {
      setGraceOver(true);
      toast({ title: "Your session has ended", description: "Please log in again to continue." });
    }, SIGN_OUT_GRACE_MS);
    return () => clearTimeout(timer);
  }, [endedHere]);

  if (session.isPending || unknown || (endedHere && !graceOver)) return <PageLoading />;
  if (!session.data?.user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate replace to={`/login?next=${encodeURIComponent(next)}`} />;
  }
  return <Outlet />;
}

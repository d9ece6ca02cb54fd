import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/page-loading";
import { useSession } from "./use-session";

/** Protected pages: without a session, go to /login?next=<this page> and come back after sign-in. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending || session.data?.signedOut) return <PageLoading />;
  if (!session.data?.user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate replace to={`/login?next=${encodeURIComponent(next)}`} />;
  }
  return <Outlet />;
}

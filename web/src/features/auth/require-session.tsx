import { useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../../components/page-loading";
import { useSession } from "./use-session";

/** Protected pages: without a session, go to /login?next=<this page> and come back after sign-in. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  // A session that ends while a protected page is open was ended here (sign-out, account deletion), and that code
  // is already taking the owner to a public page: wait for it rather than race it with a redirect to /login.
  const hadUser = useRef(false);
  if (session.data?.user) hadUser.current = true;
  if (session.isPending || (hadUser.current && !session.data?.user)) return <PageLoading />;
  if (!session.data?.user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate replace to={`/login?next=${encodeURIComponent(next)}`} />;
  }
  return <Outlet />;
}

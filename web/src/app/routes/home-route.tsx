import { Navigate } from "react-router";
import { PageLoading } from "../../components/page-loading";
import { LandingPage } from "../../features/landing/landing-page";
import { useSession } from "../../lib/use-session";

/** "/": the landing page for visitors; a signed-in user is replaced onto /chat. */
export function HomeRoute() {
  const session = useSession();
  if (session.isPending) return <PageLoading />;
  if (session.data?.user) return <Navigate replace to="/chat" />;
  return <LandingPage />;
}

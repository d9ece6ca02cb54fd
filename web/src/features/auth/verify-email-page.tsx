import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageLoading } from "../../components/page-loading";
import { Button } from "../../components/ui/button";
import { api } from "../../lib/api";
import { usePageTitle } from "../../lib/use-page-title";
import { refreshSession, useSession } from "../../lib/use-session";
import { AuthMessage, BackToLogin } from "./auth-card";
import { resendConfirmation } from "./resend-confirmation";

type State = "confirming" | "confirmed" | "failed";

/** /verify-email?token=…: the page the confirmation email's link opens; it confirms at once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>(token ? "confirming" : "failed");
  const session = useSession();
  const sent = useRef(false);
  usePageTitle("Confirm your email address");

  useEffect(() => {
    // Once per page, even when React runs the effect twice.
    if (!token || sent.current) return;
    sent.current = true;
    api("/api/auth/verify-email", { body: { token } })
      .then(() => {
        setState("confirmed");
        void refreshSession();
      })
      .catch(() => setState("failed"));
  }, [token]);

  if (state === "confirming") return <PageLoading />;
  const user = session.data?.user;
  if (state === "confirmed") {
    return (
      <AuthMessage title="Email confirmed">
        <p className="text-center">
          Thank you. Your email address is confirmed, so you can always get back into your account.
        </p>
        <Button asChild size="lg">
          <Link to={user ? "/" : "/login"}>{user ? "Continue" : "Log in"}</Link>
        </Button>
      </AuthMessage>
    );
  }
  return (
    <AuthMessage title="This link does not work">
      <p>This confirmation link has expired or is not valid. Confirmation links work for 24 hours.</p>
      {user && !user.emailVerified ? (
        <Button onClick={() => void resendConfirmation(user.email)}>Send a new link</Button>
      ) : user ? (
        <Button asChild>
          <Link to="/">Continue</Link>
        </Button>
      ) : (
        <>
          <p>Log in and choose "Resend" in the banner at the top of the page to get a new link.</p>
          <BackToLogin />
        </>
      )}
    </AuthMessage>
  );
}

import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useResetSession } from "../auth/use-session";

/**
 * Leaves this protected page once the session has ended. Forgetting the
 * session while the page is still mounted would make RequireSession redirect
 * to /login and race our own navigation, so we first step onto /index (public,
 * never redirects), wait until this page has unmounted, then forget the
 * session and go where we meant to.
 */
export function useLeaveSignedOut() {
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const unmounted = useRef<() => void>(undefined);
  useEffect(() => () => unmounted.current?.(), []);

  return async (destination: string) => {
    await new Promise<void>((resolve) => {
      unmounted.current = resolve;
      void navigate("/index", { replace: true });
    });
    resetSession({ user: null, next: null });
    await navigate(destination, { replace: true });
  };
}

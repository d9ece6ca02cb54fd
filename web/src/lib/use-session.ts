import { useNavigate } from "react-router";
import { onSessionEnded } from "./api";
import { onReconnected } from "./connection";
import { listenerSet } from "./listeners";
import { createResourceStore } from "./resource-store";

export type SessionUser = { id: string; name: string; email: string; emailVerified: boolean };
export type Session = { user: SessionUser | null; next: string | null };
/** What sign-up and a finished login answer: the user and the page the flow goes to next. */
export type AuthResponse = { user: SessionUser; next: string };

/** The current session, fetched once on load; the nav bar and "/" need it before any other page code loads. */
const session = createResourceStore<Session>("/api/auth/session");
const resetListeners = listenerSet();

// The server says the session has ended (it expired, or was revoked from another device): ask it who is signed in,
// so every page sees the owner signed out; a protected page then sends them to /login (RequireSession).
onSessionEnded(() => {
  if (session.get()?.user) void session.refresh();
});

// A session check that failed (the service was unavailable) is asked again once the service is back.
onReconnected(() => {
  if (session.get() === undefined) void session.refresh();
});

export function useSession() {
  return session.use();
}

/** Fetches the session again, for a step that moves the owner's next page (plan, onboarding, training). */
export function refreshSession() {
  return session.refresh();
}

/** Changes the signed-in user's details in place, e.g. a new name. */
export function updateSessionUser(changes: Partial<Omit<SessionUser, "id">>) {
  const current = session.get();
  if (current?.user) session.set({ ...current, user: { ...current.user, ...changes } });
}

/** Runs `listener` each time the session changes hands, before the new session is seen. */
export function onSessionReset(listener: () => void) {
  return resetListeners.add(listener);
}

/** After sign-in, sign-up or sign-out: everything cached belonged to the previous session. */
export function resetSession(next: Session) {
  resetListeners.notify();
  session.set(next);
}

/** After the server ended the session: forget it here and go to a public page. */
export function useFinishSignOut() {
  const navigate = useNavigate();
  return async (destination = "/") => {
    resetSession({ user: null, next: null });
    await navigate(destination, { replace: true });
  };
}

/** After sign-up or login: the new session replaces the old one, then the owner goes on to `destination`. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return (response: AuthResponse, destination: string) => {
    resetSession({ user: response.user, next: response.next });
    navigate(destination, { replace: true });
  };
}

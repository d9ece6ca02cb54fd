import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../lib/api";

export type SessionUser = { id: string; name: string; email: string };
export type Session = { user: SessionUser | null; next: string | null };

export const SESSION_QUERY_KEY = ["session"] as const;

/** The current session, fetched once on load and kept in the query cache. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => api<Session>("/api/auth/session"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After sign-in, sign-up or sign-out: everything cached belonged to the previous session. */
export function useResetSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, session);
  };
}

/** After the server ended the session: forget it here and go to a public page. */
export function useFinishSignOut() {
  const resetSession = useResetSession();
  const navigate = useNavigate();
  return async (destination = "/") => {
    resetSession({ user: null, next: null });
    await navigate(destination, { replace: true });
  };
}

import { useCallback, useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { DEFAULT_DIRECTOR_ID } from "#shared/constants";
import { type Director, findDirector } from "#shared/directors";

type ChatLocationState = { selectedDirector?: unknown } | null;

/**
 * The director and conversation the chat shows. The director comes from the
 * navigation state `selectedDirector` (as the spec passes it) and is mirrored
 * in ?director= so a reload or a shared link keeps it; default martha.
 * ?conversation= opens one of the owner's conversations (else the director's
 * current one) and ?message= points at one message in it (a search result).
 */
export function useSelectedDirector(): {
  requestedId: string;
  director: Director | undefined;
  conversationId: string | undefined;
  messageId: string | undefined;
  select: (id: string) => void;
  openConversation: (directorId: string, conversationId?: string, messageId?: string) => void;
} {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromState = (location.state as ChatLocationState)?.selectedDirector;
  const fromUrl = params.get("director");
  const requestedId = fromUrl ?? (typeof fromState === "string" ? fromState : DEFAULT_DIRECTOR_ID);

  useEffect(() => {
    if (fromUrl === null && typeof fromState === "string") {
      const next = new URLSearchParams(params);
      next.set("director", fromState);
      navigate({ search: `?${next}` }, { replace: true, state: location.state });
    }
  }, [fromUrl, fromState, params, navigate, location.state]);

  const select = useCallback(
    (id: string) => navigate(`/chat?director=${encodeURIComponent(id)}`, { state: { selectedDirector: id } }),
    [navigate],
  );

  const openConversation = useCallback(
    (directorId: string, conversationId?: string, messageId?: string) => {
      const next = new URLSearchParams({ director: directorId });
      if (conversationId) next.set("conversation", conversationId);
      if (messageId) next.set("message", messageId);
      navigate(`/chat?${next}`, { state: { selectedDirector: directorId } });
    },
    [navigate],
  );

  return {
    requestedId,
    director: findDirector(requestedId),
    conversationId: params.get("conversation") ?? undefined,
    messageId: params.get("message") ?? undefined,
    select,
    openConversation,
  };
}

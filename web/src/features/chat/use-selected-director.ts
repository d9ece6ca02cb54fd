import { useCallback, useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { DEFAULT_DIRECTOR_ID } from "../../../../shared/constants";
import { type Director, findDirector } from "../../../../shared/directors";

type ChatLocationState = { selectedDirector?: unknown } | null;

/**
 * The director the chat shows. It comes from the navigation state
 * `selectedDirector` (as the spec passes it) and is mirrored in ?director= so
 * a reload or a shared link keeps it; default martha.
 */
export function useSelectedDirector(): {
  requestedId: string;
  director: Director | undefined;
  select: (id: string) => void;
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

  return { requestedId, director: findDirector(requestedId), select };
}

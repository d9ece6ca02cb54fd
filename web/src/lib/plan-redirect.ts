import { useCallback } from "react";
import { useNavigate } from "react-router";

/** Where the app sends a user whose free trial has ended; the page shows a banner for it. */
export const TRIAL_ENDED_PATH = "/subscription?reason=trial_ended";

/**
 * For any feature whose API call was refused for the plan (402): the page to
 * go to, or undefined when the error is something else. Takes an ApiError or
 * anything else carrying the shared error code.
 */
export function planRedirectFor(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (code === "plan:trial_ended") return TRIAL_ENDED_PATH;
  if (code === "plan:required") return "/subscription";
  if (code === "plan:lapsed") return "/subscription?reason=lapsed";
  return undefined;
}

/** Returns a handler: it sends the user to /subscription and returns true when the error was a plan refusal. */
export function usePlanErrorRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const to = planRedirectFor(error);
      if (to) navigate(to);
      return Boolean(to);
    },
    [navigate],
  );
}

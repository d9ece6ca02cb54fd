import { useQuery } from "@tanstack/react-query";
import type { DirectorListResponse } from "#shared/director-states";
import { api } from "../../lib/api";

export const DIRECTORS_QUERY_KEY = ["directors"] as const;

/** Every director with this user's state for it (trained, available, over_limit, unavailable). */
export function useDirectors(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: DIRECTORS_QUERY_KEY,
    queryFn: () => api<DirectorListResponse>("/api/directors"),
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

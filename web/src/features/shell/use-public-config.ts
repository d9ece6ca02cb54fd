import { useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../../../shared/public-config";
import { api } from "../../lib/api";

export const PUBLIC_CONFIG_QUERY_KEY = ["public-config"] as const;

/**
 * The browser's whitelist of server configuration (GET /api/config): contact
 * address, demo video, context switch, available directors. It only changes
 * when the server restarts, so it is fetched once per page load.
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: () => api<PublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

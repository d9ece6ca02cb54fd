import type { PublicConfig } from "#shared/public-config";
import { createResourceStore } from "./resource-store";

/**
 * The browser's whitelist of server configuration (GET /api/config): contact
 * address, demo video, context switch, available directors. It only changes
 * when the server restarts and is the same for every visitor, so it is
 * fetched once per page load and kept across sign-in and sign-out.
 */
const publicConfig = createResourceStore<PublicConfig>("/api/config");

export function usePublicConfig() {
  return publicConfig.use();
}

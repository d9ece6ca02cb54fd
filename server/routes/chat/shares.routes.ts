import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import { listShares, revokeShare, sharedConversation } from "../../chat/shares";
import type { AppDeps } from "../../deps";
import { tokenParam } from "./id-param";
import { sharedLinkRoutes } from "./shared-link";

/** The owner's shared links (Settings): list and revoke. Links are made from a conversation. */
export function shareRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(deps.sessions))
    .get("/", async (c) => c.json({ shares: await listShares(deps.db, c.get("user").id) }))
    .delete("/:token", async (c) => {
      await revokeShare(deps.db, c.get("user").id, tokenParam(c.req.param("token"), "not_found:share"));
      return c.json({ ok: true });
    });
}

/** GET /api/shared/:token: a shared conversation for anyone with the link, signed in or not; never indexed. */
export function sharedRoutes(deps: AppDeps) {
  return sharedLinkRoutes((token) => sharedConversation(deps.db, token), "not_found:share");
}

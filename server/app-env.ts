import type { Logger } from "./logger";

export type SessionUser = { id: string; name: string; email: string; emailVerified: boolean; createdAt: Date };

/** Per-request values set by middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    user: SessionUser;
  };
};

import type { Logger } from "./logger";

export type SessionUser = { id: string; name: string; email: string; emailVerified: boolean; createdAt: Date };

/** Per-request values set by middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** When the request reached the app (`performance.now()`, in the middleware right after the request id). */
    receivedAt: number;
    log: Logger;
    user: SessionUser;
  };
};

// What the server's thread and the embedded database's thread (server/db/engine-thread.ts) say to each other.

export type EngineOptions = { pgData: string | undefined; withoutPgvector: boolean };

export type EngineRequest =
  | { id: number; kind: "query"; text: string; params: readonly unknown[]; prepared: boolean }
  | { id: number; kind: "exec"; text: string }
  | { id: number; kind: "compact" }
  | { id: number; kind: "close" };

/** The protocol's answer to a request, or why the engine could not run it at all. */
export type EngineReply = { id: number; bytes: Uint8Array } | { id: number; failure: string };

/** Statements prepared under a name are kept per text, at most this many: the least recently used is closed first. */
export const PREPARED_LIMIT = 32;

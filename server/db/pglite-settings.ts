import { PGlite, types } from "@electric-sql/pglite";

/**
 * PGlite's start-up settings: its own, with 8 MB of shared buffers instead of PostgreSQL's 128 MB.
 * One process, one connection and an owner's worth of data need no more, and the WebAssembly heap
 * otherwise holds the whole 128 MB for as long as the server runs (docs/decisions/0020). Durability
 * is unchanged: every commit still waits for its WAL write.
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"];

/**
 * bytea values (knowledge files' originals) to and from PostgreSQL's hex form with Node's own codec: PGlite's turns
 * each byte into a string of its own, which for a large upload held the server's thread for seconds while every other
 * request waited.
 */
export const PGLITE_TYPES = {
  serializers: { [types.BYTEA]: (value: unknown) => `\\x${Buffer.from(value as Uint8Array).toString("hex")}` },
  parsers: { [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), "hex") },
};

// The reading process's entry (extract-in-child.ts starts it): reads the files it is sent, one at a time, and answers
// each with its text and pieces, or with why it could not be read. The production build emits it beside the server
// (scripts/build-server.mjs).
import type { KnowledgeFailure, KnowledgeFormat } from "../../../shared/knowledge";
import { extractSource, type ReadSource } from "./extract-source";
import { ExtractionError } from "./extracted";

export type ReadingRequest = { format: KnowledgeFormat; bytes: Uint8Array };
export type ReadingAnswer = { read: ReadSource } | { failure: KnowledgeFailure; error?: string };

process.on("message", async ({ format, bytes }: ReadingRequest) => {
  process.send?.(await readFile(format, bytes), () => globalThis.gc?.());
});
// The server went away (or let this process go): nothing is left to answer.
process.on("disconnect", () => process.exit(0));

async function readFile(format: KnowledgeFormat, bytes: Uint8Array): Promise<ReadingAnswer> {
  try {
    return { read: await extractSource(format, bytes) };
  } catch (error) {
    if (error instanceof ExtractionError) return { failure: error.failure };
    // A string too long for V8, a buffer that cannot be had, a call stack too deep for the nesting: a limit too.
    if (error instanceof RangeError) return { failure: "too_big_to_read" };
    // A reader's own failure on this file would only happen again: no retry. Its name says what it was, without
    // its message, which may quote the file.
    return { failure: "internal", error: (error as Error | undefined)?.name ?? typeof error };
  }
}

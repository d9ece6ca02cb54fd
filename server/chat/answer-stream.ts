import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from "ai";
import type { AnswerPhase, AnswerStatusData, ChatAnswerMetadata } from "../../shared/chat";
import type { ErrorCode } from "../../shared/errors";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { storedSources } from "./answer-sources";
import { findMessage, shownStatus, toChatMessage } from "./conversations";
import type { AnswerEvent, AnswerHub, LiveAnswer } from "./live-answer";

/**
 * An answer as the AI SDK's UI message stream, the protocol useChat reads: one
 * server-sent event per part, then [DONE]. The stream starts with the
 * answer's id and what it is doing ("reading your notes"), replays the text
 * written so far, then follows the answer live until it ends. The same stream
 * serves the request that asked the question and any reader that attaches
 * later (a reload, another device); a reader going away never stops the answer.
 */

/** What a reader receives: the text from the start, then the answer's events in order. */
export type AnswerFeed = {
  metadata: ChatAnswerMetadata;
  /** Calls `on` with the state so far, then with every event; returns a function that stops listening. */
  follow(on: (event: AnswerEvent) => void): () => void;
};

/** A feed of an answer this process is writing; nothing can come between its events and the reader. */
export function liveFeed(live: LiveAnswer, metadata: ChatAnswerMetadata): AnswerFeed {
  return {
    metadata,
    follow(on) {
      on(live.phaseEvent());
      if (live.text !== "") on({ type: "delta", offset: 0, text: live.text });
      if (live.ended) {
        on({ type: "end", metadata: live.ended });
        return () => {};
      }
      return live.listen(on);
    },
  };
}

/**
 * A feed of an answer another process is writing: the stored text, then the
 * published events. Stored text lags up to a second behind; when an event
 * arrives past what has been read, the stored text is read again until the
 * gap is closed. If the writer falls silent, the answer ends as interrupted.
 */
export function remoteFeed(
  deps: { db: Database; answers: AnswerHub; now: () => Date; log: Logger },
  input: { messageId: string; userId: string; metadata: ChatAnswerMetadata },
): AnswerFeed {
  return {
    metadata: input.metadata,
    follow(on) {
      let length = 0;
      let finished = false;
      let pending: Array<Extract<AnswerEvent, { type: "delta" }>> = [];
      let ending: ChatAnswerMetadata | undefined;
      let reading: Promise<void> | undefined;

      const finish = (metadata: ChatAnswerMetadata) => {
        if (finished) return;
        finished = true;
        stop();
        on({ type: "end", metadata });
      };
      const drain = () => {
        pending.sort((a, b) => a.offset - b.offset);
        while (pending[0] && pending[0].offset <= length) {
          const delta = pending.shift() as (typeof pending)[number];
          const fresh = delta.text.slice(length - delta.offset);
          if (fresh !== "") {
            on({ type: "delta", offset: length, text: fresh });
            length += fresh.length;
          }
        }
        if (pending.length > 0 || ending) void catchUp();
      };
      // Reads the stored answer and passes on whatever text is new; ends the feed if the answer has ended.
      const catchUp = (): Promise<void> => {
        reading ??= (async () => {
          const row = await findMessage(deps.db, input.userId, input.messageId);
          reading = undefined;
          if (finished) return;
          if (!row) return finish({ ...input.metadata, status: "failed", errorCode: "server:internal" });
          if (row.content.length > length) {
            on({ type: "delta", offset: length, text: row.content.slice(length) });
            length = row.content.length;
          }
          const status = shownStatus(row.status, row.updatedAt, deps.now());
          if (status !== "streaming") {
            const stored = toChatMessage(row, deps.now());
            const sources = storedSources(row.metadata);
            return finish({
              ...input.metadata,
              status: stored.status,
              errorCode: stored.errorCode,
              ...(sources ? { sources } : {}),
            });
          }
          pending = pending.filter((delta) => delta.offset + delta.text.length > length);
          if (pending.length > 0) setTimeout(() => void catchUp(), 300).unref();
        })().catch((error: unknown) => {
          reading = undefined;
          deps.log.warn({ err: error }, "a stored answer could not be read");
        });
        return reading;
      };

      let lastEvent = Date.now();
      const remote = deps.answers.listenRemote(input.messageId, (event) => {
        lastEvent = Date.now();
        if (event.type === "phase") on(event);
        else if (event.type === "delta") {
          pending.push(event);
          drain();
        } else {
          // The writer stores the answer before it says it ended: read the rest from the database.
          ending = event.metadata;
          void catchUp();
        }
      });
      // A silent writer may have died: look at the stored answer now and then.
      const watchdog = setInterval(() => {
        if (Date.now() - lastEvent > 5000) void catchUp();
      }, 5000);
      watchdog.unref();
      const stop = () => {
        remote.stop();
        clearInterval(watchdog);
      };
      on({ type: "phase", phase: "writing" });
      // Read the stored text once this process hears the answer's events, so nothing falls between the two.
      void remote.listening.then(() => catchUp());
      return () => {
        finished = true;
        stop();
      };
    },
  };
}

/** Writes parts of the UI message stream. */
type PartWriter = { write(part: UIMessageChunk): void };

/**
 * The answer's feed as a streaming HTTP response; the reader leaving only stops the reading. `onFirstText` is called
 * once the first text has been handed to the response.
 */
export function answerResponse(feed: AnswerFeed, onFirstText?: () => void): Response {
  const encoder = new TextEncoder();
  let unfollow: (() => void) | undefined;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (data: string) => {
        if (!cancelled) controller.enqueue(encoder.encode(`data: ${data}\n\n`));
      };
      const writer: PartWriter = { write: (part) => send(JSON.stringify(part)) };
      const close = () => {
        send("[DONE]");
        if (!cancelled) controller.close();
        cancelled = true;
      };
      const id = "answer";
      let textStarted = false;
      let phase: AnswerPhase | undefined;
      writer.write({
        type: "start",
        messageId: feed.metadata.messageId,
        messageMetadata: { ...feed.metadata, status: "streaming" } satisfies ChatAnswerMetadata,
      });
      unfollow = feed.follow((event) => {
        if (cancelled) return;
        if (event.type === "phase") {
          // Each retry of a busy provider is news (a new countdown); the same phase again is not.
          if ((event.phase === phase && event.retryInMs === undefined) || textStarted) return;
          phase = event.phase;
          const data: AnswerStatusData = {
            phase,
            ...(event.retryInMs === undefined ? {} : { retryInMs: event.retryInMs }),
          };
          writer.write({ type: "data-status", data, transient: true });
        } else if (event.type === "delta") {
          if (!textStarted) writer.write({ type: "text-start", id });
          writer.write({ type: "text-delta", id, delta: event.text });
          if (!textStarted) onFirstText?.();
          textStarted = true;
        } else {
          if (textStarted) writer.write({ type: "text-end", id });
          const metadata = { ...feed.metadata, ...event.metadata };
          if (metadata.status === "failed") {
            writer.write({ type: "message-metadata", messageMetadata: metadata });
            // Only our own codes reach the browser, never provider or database internals.
            writer.write({ type: "error", errorText: metadata.errorCode ?? ("ai:unavailable" satisfies ErrorCode) });
          } else {
            writer.write({ type: "finish", messageMetadata: metadata });
          }
          // After the event that ended the feed, once its listener has returned.
          queueMicrotask(close);
        }
      });
    },
    cancel() {
      cancelled = true;
      unfollow?.();
    },
  });
  return new Response(body, {
    // A chunked body is sent as it comes: without this, the Node adapter first waits a timer tick to see whether the
    // body is short enough to be sent whole.
    headers: { ...UI_MESSAGE_STREAM_HEADERS, "cache-control": "no-store", "transfer-encoding": "chunked" },
  });
}

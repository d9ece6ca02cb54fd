import type { BoardStreamEvent } from "../../shared/board";
import type { AnswerAuthor } from "../../shared/chat";
import type { AnswerFeed } from "../chat/answer-stream";

/**
 * Several answers of a board round as one streaming response: first the
 * "round" event naming them, then every answer's events as they happen, each
 * tagged with its author, then [DONE] once all have ended. Each answer is an
 * AnswerFeed (server/chat/answer-stream.ts), so an answer this process
 * writes and one another process writes read alike, from their first word.
 * The reader going away stops only the reading.
 */
export function boardResponse(
  head: Extract<BoardStreamEvent, { type: "round" }>,
  feeds: Array<{ author: AnswerAuthor; feed: AnswerFeed }>,
): Response {
  const encoder = new TextEncoder();
  const unfollows: Array<() => void> = [];
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (data: string) => {
        if (!closed) controller.enqueue(encoder.encode(`data: ${data}\n\n`));
      };
      const write = (event: BoardStreamEvent) => send(JSON.stringify(event));
      const close = () => {
        if (closed) return;
        send("[DONE]");
        closed = true;
        controller.close();
      };
      write(head);
      const open = new Set(feeds.map(({ author }) => author));
      if (open.size === 0) close();
      for (const { author, feed } of feeds) {
        unfollows.push(
          feed.follow((event) => {
            if (closed || !open.has(author)) return;
            if (event.type === "phase") write({ type: "phase", author, phase: event.phase });
            else if (event.type === "delta") write({ type: "delta", author, offset: event.offset, text: event.text });
            else {
              open.delete(author);
              write({
                type: "end",
                author,
                status: event.metadata.status ?? "complete",
                errorCode: event.metadata.errorCode ?? null,
                ...(event.metadata.sources ? { sources: event.metadata.sources } : {}),
              });
              // After the event that ended the last feed, once its listener has returned.
              if (open.size === 0) queueMicrotask(close);
            }
          }),
        );
      }
    },
    cancel() {
      closed = true;
      for (const unfollow of unfollows) unfollow();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      // Sent as it comes, as the chat's stream is (see answerResponse).
      "transfer-encoding": "chunked",
    },
  });
}

import type { BoardStreamEvent } from "../../shared/board";
import type { AnswerAuthor } from "../../shared/chat";

/** A board stream's event with performance.now() when it arrived. */
export type TimedEvent = BoardStreamEvent & { at: number };

/**
 * Reads a board meeting's stream as it arrives (tests and the benchmark):
 * `until` waits for an event, `all` reads to [DONE] and returns every event.
 */
export function boardReader(response: Response) {
  if (!response.body) throw new Error("The board's response has no body.");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: TimedEvent[] = [];
  let buffer = "";
  let done = false;

  async function readMore(): Promise<void> {
    const { value, done: finished } = await reader.read();
    if (finished) {
      done = true;
      return;
    }
    const at = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      if (!line.startsWith("data: ")) continue;
      if (line === "data: [DONE]") done = true;
      else events.push({ ...(JSON.parse(line.slice(6)) as BoardStreamEvent), at });
    }
  }

  return {
    events,
    async until(predicate: (event: TimedEvent) => boolean): Promise<TimedEvent> {
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (done) throw new Error("The board's stream ended before the event arrived.");
        await readMore();
      }
    },
    async all(): Promise<TimedEvent[]> {
      while (!done) await readMore();
      return events;
    },
  };
}

/** One author's text as the stream wrote it. */
export function textOf(events: BoardStreamEvent[], author: AnswerAuthor): string {
  let text = "";
  for (const event of events) {
    if (event.type === "delta" && event.author === author) text = text.slice(0, event.offset) + event.text;
  }
  return text;
}

/** How one author's answer ended in the stream. */
export function endOf(events: BoardStreamEvent[], author: AnswerAuthor) {
  return events.find(
    (event): event is Extract<BoardStreamEvent, { type: "end" }> => event.type === "end" && event.author === author,
  );
}

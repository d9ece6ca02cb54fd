// A chat turn's streamed answer as the chat and capacity benchmarks read it.

export type TurnStream = { ttftMs: number; finished: boolean; error: string | undefined };

/** Reads the answer's events to the end: when its first text came (ms after `started`), whether it finished, its error. */
export async function readTurnStream(body: ReadableStream<Uint8Array>, started: number): Promise<TurnStream> {
  let ttftMs = Number.NaN;
  let buffer = "";
  let finished = false;
  let error: string | undefined;
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const part = JSON.parse(line.slice(6)) as { type: string; errorText?: string };
      if (part.type === "text-delta" && Number.isNaN(ttftMs)) ttftMs = performance.now() - started;
      if (part.type === "error") error = part.errorText;
      if (part.type === "finish") finished = true;
    }
  }
  return { ttftMs, finished, error };
}

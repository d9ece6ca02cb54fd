import type { AppDeps } from "../deps";
import { voiceRequest } from "./voice-provider";

/** The most text one request to /v1/audio/speech takes (OpenAI's limit is 4,096 characters). */
const MAX_PIECE_CHARS = 4000;

export type SpokenAnswer = { contentType: string; audio: ReadableStream<Uint8Array> };

/**
 * Text read aloud by the provider's /v1/audio/speech, passed on to the browser chunk by chunk as the provider sends
 * it, so playback starts before the whole answer is spoken. A long answer is read in pieces, one after another;
 * MP3 frames follow one another, so the pieces play as one recording. The audio is never stored.
 */
export async function readAloud(
  deps: Pick<AppDeps, "env" | "ai" | "log">,
  text: string,
  signal: AbortSignal,
): Promise<SpokenAnswer> {
  const [first, ...rest] = piecesOf(text);
  const request = (input: string) =>
    voiceRequest(deps, "speech", {
      body: JSON.stringify({
        model: deps.env.AI_SPEECH_MODEL,
        voice: deps.env.AI_SPEECH_VOICE,
        input,
        response_format: "mp3",
      }),
      signal,
    });
  // The first piece's answer decides the response: a provider fault becomes an error the browser can show.
  const firstResponse = await request(first ?? "");
  const contentType = firstResponse.headers.get("content-type") ?? "audio/mpeg";
  async function* chunks() {
    for await (const chunk of bodyOf(firstResponse)) yield chunk;
    for (const piece of rest) {
      for await (const chunk of bodyOf(await request(piece))) yield chunk;
    }
  }
  return { contentType, audio: streamOf(chunks()) };
}

/** Pulls from the chunks only as the browser reads, and stops the provider's stream when the browser goes away. */
function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

function bodyOf(response: Response): AsyncIterable<Uint8Array> {
  return (response.body ?? new ReadableStream<Uint8Array>()) as unknown as AsyncIterable<Uint8Array>;
}

/** The text in pieces of at most MAX_PIECE_CHARS, cut after a sentence (or, failing that, a word) where it can. */
export function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > MAX_PIECE_CHARS) {
    const window = rest.slice(0, MAX_PIECE_CHARS);
    const sentenceEnd = Math.max(window.lastIndexOf(". "), window.lastIndexOf("\n"), window.lastIndexOf("? "));
    const space = window.lastIndexOf(" ");
    const cut = sentenceEnd > MAX_PIECE_CHARS / 2 ? sentenceEnd + 1 : space > 0 ? space : MAX_PIECE_CHARS;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut);
  }
  pieces.push(rest.trim());
  return pieces.filter((piece) => piece !== "");
}

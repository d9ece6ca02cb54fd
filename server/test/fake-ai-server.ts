import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fakeDocumentDraft } from "./fake-document-drafts";
import { makeWav } from "./wav";

/**
 * A local HTTP server that speaks the OpenAI wire protocol (/v1/embeddings and
 * streaming /v1/chat/completions). Tests and benchmarks talk to it over real
 * HTTP, so the production code path is the one exercised. It records every
 * request and can be scripted to fail, stall or cut a stream. Streamed and
 * non-streamed chat requests follow separate script queues (queueChat and
 * queueCompletion), so a short side request (a title, say) never takes a
 * script meant for an answer. Non-streamed requests that ask for JSON
 * (`response_format`) follow their own queue (queueObject); unscripted, they
 * get the smallest value their JSON schema allows (empty lists, nulls). Speech
 * has its two endpoints: /v1/audio/transcriptions answers a scripted text and
 * /v1/audio/speech streams a WAV tone in chunks; with `voiceEndpoints` off both
 * answer 404, as a provider without speech does. A
 * request for a document draft (JSON named "document_draft", streamed or
 * not) follows the same queue; unscripted, it gets a small whole draft
 * (fake-document-drafts.ts).
 */

export type ScriptedFailure = {
  status: number;
  /** OpenAI's error.code, e.g. "insufficient_quota". */
  code?: string;
  message?: string;
};

export type ChatScript =
  | { fail: ScriptedFailure }
  | {
      reply?: string;
      /** Wait before the first chunk (or, not streamed, before the reply). */
      firstTokenDelayMs?: number;
      /** Wait between chunks. */
      chunkDelayMs?: number;
      /** Close the connection after this many content chunks, without [DONE]. */
      cutAfterChunks?: number;
      /**
       * Hold the stream before a content chunk (0: before any text; not streamed, 0 holds the reply) until its gate
       * opens, so a test can act mid-answer (reload, stop) however slow the machine is, rather than racing a delay.
       */
      holds?: Array<{ beforeChunk: number; gate: Gate }>;
    };

/** A promise the test settles when it chooses: `open()` lets a held stream go on. */
export type Gate = { opened: Promise<void>; open(): void };

export function createGate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

export type EmbeddingScript = { fail: ScriptedFailure } | { delayMs: number };

export type TranscriptionScript = { fail: ScriptedFailure } | { text?: string; delayMs?: number };

export type SpeechScript =
  | { fail: ScriptedFailure }
  | {
      /** Wait before the first audio bytes (headers included). */
      firstByteDelayMs?: number;
      /** Wait between chunks. */
      chunkDelayMs?: number;
      /** Hold the stream after this many chunks (of 32 KB) until the gate opens, to look at a stream under way. */
      hold?: { afterChunks: number; gate: Gate };
    };

export type RecordedRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** performance.now() when the request arrived, for benchmarks. */
  receivedAt: number;
  /** performance.now() when a streamed answer's first text was written: the provider's own time ends here. */
  firstTextAt?: number;
  /** performance.now() when read-aloud audio's first bytes were written. */
  firstAudioAt?: number;
  /** A multipart upload's parts: text fields as text, files as their type and size (never their bytes). */
  form?: Record<string, string | { type: string; size: number }>;
  /** performance.now() when the answer was fully written. */
  finishedAt?: number;
  /** performance.now() when the connection closed, written to the end or given up by the client. */
  closedAt?: number;
};

export type FakeAiServer = {
  /** Base URL to use as AI_BASE_URL, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** The next streamed chat requests follow these scripts, in order; then the default reply. */
  queueChat(...scripts: ChatScript[]): void;
  /** The next non-streamed chat requests follow these scripts, in order; then the default reply. */
  queueCompletion(...scripts: ChatScript[]): void;
  /** The next requests for JSON (`response_format`) follow these scripts, in order: `reply` is the JSON text. */
  queueObject(...scripts: ChatScript[]): void;
  queueEmbeddings(...scripts: EmbeddingScript[]): void;
  queueTranscription(...scripts: TranscriptionScript[]): void;
  queueSpeech(...scripts: SpeechScript[]): void;
  /** The text every unscripted transcription returns. */
  transcript: string;
  /** Off: /v1/audio/transcriptions and /v1/audio/speech answer 404, as at a provider without speech. */
  voiceEndpoints: boolean;
  transcriptionRequests(): RecordedRequest[];
  speechRequests(): RecordedRequest[];
  /**
   * Picks a chat request's script from the request itself (say, by the persona in its system prompt) before the
   * queues are asked; undefined leaves the request to them. Requests sent at the same time arrive in any order,
   * so scripts for them are chosen this way rather than queued.
   */
  route: ((request: RecordedRequest) => ChatScript | undefined) | undefined;
  /** The reply used when no script is queued; by default it echoes the question. */
  defaultReply: (messages: Array<{ role: string; content: unknown }>) => string;
  chatRequests(): RecordedRequest[];
  /** The streamed chat requests only. */
  streamedChatRequests(): RecordedRequest[];
  /** The requests for JSON (`response_format`) only. */
  objectRequests(): RecordedRequest[];
  embeddingRequests(): RecordedRequest[];
  /** The most embedding requests it was answering at the same time. */
  peakEmbeddingsInFlight(): number;
  /** While true, every request is answered 503, as by a provider that is down. */
  down: boolean;
  close(): Promise<void>;
};

export const FAKE_DEFAULT_DIMENSIONS = 1536;

/**
 * Hashed word counts, normalized: texts that share words get similar vectors.
 * Like a real embedding model it looks past the grammar: common function words
 * ("the", "what", "is") are left out and a word's plain endings are dropped
 * ("orders" and "order", "baked" and "baking" meet), so two texts
 * match on what they are about. A text of function words alone keeps them.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_DEFAULT_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const content = words.filter((word) => !FUNCTION_WORDS.has(word));
  for (const word of content.length > 0 ? content : words) {
    const digest = createHash("md5").update(stem(word)).digest();
    const index = digest.readUInt32LE(0) % dimensions;
    vector[index] = (vector[index] ?? 0) + 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}

const FUNCTION_WORDS = new Set(
  (
    "a an the and or but if then so than as of at by for from in into on onto to with without about over under " +
    "up down out off again is are was were be been being am do does did doing have has had having will would shall " +
    "should can could may might must i me my mine we us our ours you your yours he him his she her hers it its they " +
    "them their theirs this that these those there here what which who whom whose when where why how all any both " +
    "each every some such no nor not only own same too very just also s t d ll m re ve"
  ).split(" "),
);

/**
 * A word without its commonest endings (plural s, -ing, -ed, a final e), so
 * "cakes", "cake", "baked" and "baking" meet; short words and numbers stay whole.
 */
function stem(word: string): string {
  if (/^\d/.test(word) || word.length <= 3) return word;
  let stemmed = word;
  if (stemmed.endsWith("ies")) stemmed = `${stemmed.slice(0, -3)}y`;
  else if (stemmed.endsWith("ing") && stemmed.length >= 6) stemmed = stemmed.slice(0, -3);
  else if (stemmed.endsWith("ed") && stemmed.length >= 5) stemmed = stemmed.slice(0, -2);
  else if (stemmed.endsWith("s") && !stemmed.endsWith("ss")) stemmed = stemmed.slice(0, -1);
  if (stemmed.endsWith("e") && stemmed.length >= 4) stemmed = stemmed.slice(0, -1);
  return stemmed;
}

export async function startFakeAiServer(): Promise<FakeAiServer> {
  const chatScripts: ChatScript[] = [];
  const completionScripts: ChatScript[] = [];
  const objectScripts: ChatScript[] = [];
  const embeddingScripts: EmbeddingScript[] = [];
  const transcriptionScripts: TranscriptionScript[] = [];
  const speechScripts: SpeechScript[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();
  let embeddingsInFlight = 0;
  let peakEmbeddingsInFlight = 0;

  const fake: FakeAiServer = {
    url: "",
    requests,
    queueChat: (...scripts) => chatScripts.push(...scripts),
    queueCompletion: (...scripts) => completionScripts.push(...scripts),
    queueObject: (...scripts) => objectScripts.push(...scripts),
    queueEmbeddings: (...scripts) => embeddingScripts.push(...scripts),
    queueTranscription: (...scripts) => transcriptionScripts.push(...scripts),
    queueSpeech: (...scripts) => speechScripts.push(...scripts),
    transcript: "How should I price my wedding cakes?",
    voiceEndpoints: true,
    transcriptionRequests: () => requests.filter((request) => request.path.endsWith("/audio/transcriptions")),
    speechRequests: () => requests.filter((request) => request.path.endsWith("/audio/speech")),
    route: undefined,
    defaultReply: (messages) => {
      const last = messages.at(-1);
      const text = typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
      const question = text.split("My question:").at(-1)?.trim() ?? text;
      return `Here is my advice on "${question.slice(0, 80)}": **focus on one step at a time**.`;
    },
    chatRequests: () => requests.filter((request) => request.path.endsWith("/chat/completions")),
    streamedChatRequests: () =>
      requests.filter((request) => request.path.endsWith("/chat/completions") && request.body.stream === true),
    objectRequests: () =>
      requests.filter((request) => request.path.endsWith("/chat/completions") && request.body.response_format),
    embeddingRequests: () => requests.filter((request) => request.path.endsWith("/embeddings")),
    peakEmbeddingsInFlight: () => peakEmbeddingsInFlight,
    down: false,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    const receivedAt = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const contentType = req.headers["content-type"] ?? "";
    const form = contentType.startsWith("multipart/form-data") ? await formOf(raw, contentType) : undefined;
    let body: Record<string, unknown> = {};
    try {
      if (!form) body = JSON.parse(raw.toString("utf8") || "{}");
    } catch {
      return sendError(res, { status: 400, message: "invalid json" });
    }
    const path = req.url ?? "";
    const recorded: RecordedRequest = { path, headers: req.headers, body, receivedAt, form };
    requests.push(recorded);
    res.once("finish", () => {
      recorded.finishedAt = performance.now();
    });
    res.once("close", () => {
      recorded.closedAt = performance.now();
    });
    if (fake.down) return sendError(res, { status: 503, message: "The service is down" });

    if (req.method === "POST" && path.endsWith("/embeddings")) {
      embeddingsInFlight += 1;
      peakEmbeddingsInFlight = Math.max(peakEmbeddingsInFlight, embeddingsInFlight);
      res.once("close", () => {
        embeddingsInFlight -= 1;
      });
      const script = embeddingScripts.shift();
      if (script && "fail" in script) return sendError(res, script.fail);
      if (script && "delayMs" in script) await delay(script.delayMs);
      const inputs = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input ?? "")];
      const dimensions = typeof body.dimensions === "number" ? body.dimensions : FAKE_DEFAULT_DIMENSIONS;
      return sendJson(res, 200, {
        object: "list",
        model: body.model,
        data: inputs.map((input, index) => ({
          object: "embedding",
          index,
          embedding: fakeEmbedding(input, dimensions),
        })),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      });
    }

    if (req.method === "POST" && path.endsWith("/chat/completions")) {
      const format = body.response_format as { json_schema?: { name?: string; schema?: JsonSchema } } | undefined;
      const wantsDraft = format?.json_schema?.name === "document_draft";
      const wantsObject = (!body.stream || wantsDraft) && Boolean(format);
      const script =
        fake.route?.(recorded) ??
        (wantsObject ? objectScripts : body.stream ? chatScripts : completionScripts).shift() ??
        {};
      if ("fail" in script) return sendError(res, script.fail);
      const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
      const schema = format?.json_schema?.schema;
      const reply =
        script.reply ??
        (wantsDraft
          ? fakeDocumentDraft(messages.map((message) => String(message.content)).join("\n"))
          : wantsObject
            ? JSON.stringify(smallestValue(schema ?? {}))
            : fake.defaultReply(messages));
      const pieces = reply.match(/\S+\s*/g) ?? [reply];
      const created = Math.floor(Date.now() / 1000);
      const id = `chatcmpl-${created}-${requests.length}`;
      if (!body.stream) {
        if (script.firstTokenDelayMs) await delay(script.firstTokenDelayMs);
        await script.holds?.find((hold) => hold.beforeChunk === 0)?.gate.opened;
        if (res.destroyed) return;
        return sendJson(res, 200, {
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: pieces.length, total_tokens: 10 + pieces.length },
        });
      }
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      if (script.firstTokenDelayMs) await delay(script.firstTokenDelayMs);
      if (res.destroyed) return;
      send({ role: "assistant", content: "" }, null);
      for (const [index, piece] of pieces.entries()) {
        if (script.cutAfterChunks !== undefined && index >= script.cutAfterChunks) {
          // Let what was written reach the client before the connection drops.
          await delay(20);
          res.destroy();
          return;
        }
        if (index > 0 && script.chunkDelayMs) await delay(script.chunkDelayMs);
        const hold = script.holds?.find((candidate) => candidate.beforeChunk === index);
        if (hold) await hold.gate.opened;
        if (res.destroyed) return;
        send({ content: piece }, null);
        recorded.firstTextAt ??= performance.now();
      }
      send({}, "stop");
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage: { prompt_tokens: 10, completion_tokens: pieces.length, total_tokens: 10 + pieces.length } })}\n\n`,
      );
      res.end("data: [DONE]\n\n");
      return;
    }

    if (req.method === "POST" && path.endsWith("/audio/transcriptions") && fake.voiceEndpoints) {
      const script = transcriptionScripts.shift() ?? {};
      if ("fail" in script) return sendError(res, script.fail);
      if (!form?.file || !form.model) return sendError(res, { status: 400, message: "file and model are required" });
      if (script.delayMs) await delay(script.delayMs);
      if (res.destroyed) return;
      return sendJson(res, 200, { text: script.text ?? fake.transcript });
    }

    if (req.method === "POST" && path.endsWith("/audio/speech") && fake.voiceEndpoints) {
      const script = speechScripts.shift() ?? {};
      if ("fail" in script) return sendError(res, script.fail);
      if (typeof body.input !== "string" || !body.model) {
        return sendError(res, { status: 400, message: "input and model are required" });
      }
      if (script.firstByteDelayMs) await delay(script.firstByteDelayMs);
      if (res.destroyed) return;
      // About a second of tone per 60 characters, as a voice would take (three seconds at least), streamed a second
      // at a time.
      const audio = makeWav(Math.min(8, Math.max(3, body.input.length / 60)));
      res.writeHead(200, { "content-type": "audio/wav", "transfer-encoding": "chunked" });
      const chunkSize = 32 * 1024;
      for (let offset = 0; offset < audio.length; offset += chunkSize) {
        if (offset > 0 && script.chunkDelayMs) await delay(script.chunkDelayMs);
        if (script.hold && offset === script.hold.afterChunks * chunkSize) await script.hold.gate.opened;
        if (res.destroyed) return;
        res.write(audio.subarray(offset, offset + chunkSize));
        recorded.firstAudioAt ??= performance.now();
      }
      res.end();
      return;
    }

    sendError(res, { status: 404, code: "not_found", message: `No route ${path}` });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};

/** The smallest value a JSON schema allows: empty lists, nulls where allowed, empty strings, zeros. */
function smallestValue(schema: JsonSchema): unknown {
  const types = [schema.type ?? [], ...(schema.anyOf ?? []).map((option) => option.type ?? [])].flat();
  if (types.includes("null")) return null;
  if (types.includes("object") || schema.properties) {
    return Object.fromEntries(
      (schema.required ?? []).map((name) => [name, smallestValue(schema.properties?.[name] ?? {})]),
    );
  }
  if (types.includes("array")) return [];
  if (types.includes("string")) return "";
  if (types.includes("number") || types.includes("integer")) return 0;
  if (types.includes("boolean")) return false;
  return null;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, failure: ScriptedFailure) {
  const type = failure.code === "insufficient_quota" ? "insufficient_quota" : "api_error";
  sendJson(res, failure.status, {
    error: { message: failure.message ?? `Scripted failure ${failure.status}`, type, code: failure.code ?? null },
  });
}

/** A multipart body's parts, read as a browser's fetch would read them; files by type and size only. */
async function formOf(raw: Buffer, contentType: string): Promise<RecordedRequest["form"]> {
  try {
    const data = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
    const parts: NonNullable<RecordedRequest["form"]> = {};
    for (const [name, value] of data) {
      parts[name] = typeof value === "string" ? value : { type: value.type, size: value.size };
    }
    return parts;
  } catch {
    return {};
  }
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

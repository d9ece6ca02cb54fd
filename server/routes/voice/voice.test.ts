import net from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { VOICE_MAX_BYTES } from "../../../shared/voice";
import { conversations, messages } from "../../db/schema";
import { createGate, type FakeAiServer, startFakeAiServer } from "../../test/fake-ai-server";
import { givePlan } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { makeWav } from "../../test/wav";

const API_KEY = "voice-test-secret-4242";

let fake: FakeAiServer;
beforeEach(async () => {
  fake = await startFakeAiServer();
});
afterEach(async () => {
  await fake.close();
});

function voiceApp(env: Record<string, string> = {}, logLines?: string[]) {
  return createTestApp({
    env: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: API_KEY,
      EMBEDDING_MODEL: "none",
      AI_TRANSCRIPTION_MODEL: "test-transcribe",
      AI_SPEECH_MODEL: "test-speech",
      AI_SPEECH_VOICE: "test-voice",
      VOICE_TIMEOUT_S: "0.5",
      ...env,
    },
    logLines,
  });
}

async function owner(app: TestApp) {
  const { cookie, user } = await app.signUp();
  await givePlan(app.deps, user.id, "standard");
  return { cookie, user };
}

/** A recording sent as the browser sends it: multipart, field "file", and the length it measured in "seconds". */
function upload(
  app: TestApp,
  cookie: string,
  bytes: Uint8Array<ArrayBuffer>,
  fields: { type?: string; seconds?: number } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: fields.type ?? "audio/wav" }), "recording");
  if (fields.seconds !== undefined) form.append("seconds", String(fields.seconds));
  return app.app.request("/api/voice/transcriptions", {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000" },
    body: form,
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** One of the owner's answers, stored as a chat turn would leave it. */
async function storedAnswer(app: TestApp, userId: string, content: string, sender: "ai" | "user" = "ai") {
  const [conversation] = await app.db
    .insert(conversations)
    .values({ userId, directorId: "martha" })
    .returning({ id: conversations.id });
  const [message] = await app.db
    .insert(messages)
    .values({ conversationId: conversation?.id ?? "", userId, sender, content })
    .returning({ id: messages.id });
  return message?.id ?? "";
}

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The first bytes of each accepted format, as a recorder writes them. */
const FORMAT_HEADS: Record<string, number[]> = {
  webm: [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81],
  ogg: [..."OggS"].map((char) => char.charCodeAt(0)).concat([0, 2, 0, 0]),
  mp4: [0, 0, 0, 0x18, ..."ftypmp42".split("").map((char) => char.charCodeAt(0))],
  mp3: [..."ID3"].map((char) => char.charCodeAt(0)).concat([4, 0, 0, 0, 0, 0]),
};

function clip(head: number[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2048);
  bytes.set(head);
  return bytes;
}

describe("a spoken question", () => {
  it("becomes text through the provider's transcription model, which gets the recording and nothing is kept", async () => {
    const logLines: string[] = [];
    const app = await voiceApp({ LOG_LEVEL: "debug" }, logLines);
    const { cookie } = await owner(app);
    const response = await upload(app, cookie, makeWav(1.5), { seconds: 1.5 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: fake.transcript });
    const [sent] = fake.transcriptionRequests();
    expect(sent?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.form).toMatchObject({
      model: "test-transcribe",
      file: { type: "audio/wav", size: makeWav(1.5).length },
    });
    // Neither the audio nor the words reach the logs.
    expect(logLines.join("\n")).not.toContain("RIFF");
    expect(logLines.join("\n")).not.toContain(fake.transcript);
  });

  it("takes WebM, Ogg, MP4 and MP3 recordings, known by their first bytes", async () => {
    const app = await voiceApp();
    const { cookie } = await owner(app);
    for (const [format, head] of Object.entries(FORMAT_HEADS)) {
      fake.queueTranscription({ text: `Spoken as ${format}` });
      const response = await upload(app, cookie, clip(head), { type: "application/octet-stream", seconds: 3 });
      expect({ format, body: await response.json() }).toEqual({ format, body: { text: `Spoken as ${format}` } });
    }
    expect(
      fake.transcriptionRequests().map((request) => (request.form?.file as { type: string } | undefined)?.type),
    ).toEqual(["audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg"]);
  });

  it("refuses what is not a recording within the limits, with a message that says the limits", async () => {
    const app = await voiceApp();
    const { cookie } = await owner(app);
    const cases: Array<[string, Response, string]> = [
      [
        "text",
        await upload(app, cookie, new TextEncoder().encode("not audio at all") as Uint8Array<ArrayBuffer>, {
          type: "audio/webm",
        }),
        "voice:unsupported_format",
      ],
      ["empty", await upload(app, cookie, new Uint8Array(0)), "voice:empty"],
      ["too large", await upload(app, cookie, new Uint8Array(VOICE_MAX_BYTES + 1)), "voice:too_large"],
      [
        "too long by its header",
        await upload(app, cookie, makeWav(125, { sampleRate: 4000, frequency: 0 })),
        "voice:too_long",
      ],
      [
        "too long as stated",
        await upload(app, cookie, clip(FORMAT_HEADS.webm ?? []), { seconds: 180 }),
        "voice:too_long",
      ],
    ];
    for (const [name, response, code] of cases) {
      const error = await errorOf(response);
      expect({ name, status: response.status, code: error.code }).toEqual({
        name,
        status: ERRORS[code as keyof typeof ERRORS].status,
        code,
      });
    }
    const format = await errorOf(await upload(app, cookie, clip([1, 2, 3, 4])));
    expect(format.message).toBe(
      "This recording's format cannot be used. Recordings can be up to 2 minutes and 10 MB, as WebM, Ogg, MP4, WAV or MP3 audio.",
    );
    const json = await app.request("/api/voice/transcriptions", { cookie, body: { file: "hello" } });
    expect(json.status).toBe(415);
    expect(fake.transcriptionRequests()).toHaveLength(0);
  });
});

describe("the AI service behind voice", () => {
  it("fails within seconds with the chat's error when it is down, unreachable or too slow", async () => {
    const app = await voiceApp();
    const { cookie } = await owner(app);
    fake.down = true;
    const down = await upload(app, cookie, makeWav(1));
    expect(down.status).toBe(502);
    expect((await errorOf(down)).message).toBe("Failed to generate a response. Please try again.");
    fake.down = false;

    fake.queueTranscription({ delayMs: 2000 });
    const slowStarted = performance.now();
    const slow = await upload(app, cookie, makeWav(1));
    expect(slow.status).toBe(504);
    expect((await errorOf(slow)).code).toBe("ai:timeout");
    expect(performance.now() - slowStarted).toBeLessThan(1500);

    const unreachable = await voiceApp({ AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const other = await owner(unreachable);
    const started = performance.now();
    const refused = await upload(unreachable, other.cookie, makeWav(1));
    expect(refused.status).toBe(502);
    expect((await errorOf(refused)).message).toBe("Failed to generate a response. Please try again.");
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("is asked once whether it has speech; without it the browser is told to use its own", async () => {
    const app = await voiceApp();
    const { cookie } = await owner(app);
    const first = await app.request("/api/voice/capabilities", { cookie });
    expect(await first.json()).toEqual({ transcription: true, speech: true });
    await app.request("/api/voice/capabilities", { cookie });
    expect(fake.transcriptionRequests()).toHaveLength(1);
    expect(fake.speechRequests()).toHaveLength(1);

    fake.voiceEndpoints = false;
    const without = await voiceApp();
    const other = await owner(without);
    const answer = await without.request("/api/voice/capabilities", { cookie: other.cookie });
    expect(await answer.json()).toEqual({ transcription: false, speech: false });
    const refused = await upload(without, other.cookie, makeWav(1));
    expect(refused.status).toBe(501);
    expect((await errorOf(refused)).code).toBe("voice:not_available");
  });

  it("remembers an endpoint found missing by a real request", async () => {
    const app = await voiceApp();
    const { cookie } = await owner(app);
    fake.voiceEndpoints = false;
    expect((await upload(app, cookie, makeWav(1))).status).toBe(501);
    const probesBefore = fake.requests.length;
    const answer = await app.request("/api/voice/capabilities", { cookie });
    expect(((await answer.json()) as { transcription: boolean }).transcription).toBe(false);
    // Only speech, not yet known, was asked about.
    expect(fake.requests.slice(probesBefore).map((request) => request.path)).toEqual(["/v1/audio/speech"]);
  });

  it("offers nothing from the provider when no AI service is configured", async () => {
    const app = await createTestApp();
    const { cookie, user } = await app.signUp();
    await givePlan(app.deps, user.id, "standard");
    const answer = await app.request("/api/voice/capabilities", { cookie });
    expect(await answer.json()).toEqual({ transcription: false, speech: false });
  });
});

describe("who may use voice", () => {
  it("needs a signed-in owner", async () => {
    const app = await voiceApp();
    const { user } = await owner(app);
    const answer = await storedAnswer(app, user.id, "An answer.");
    for (const response of [
      await app.request("/api/voice/capabilities"),
      await upload(app, "", makeWav(1)),
      await app.request(`/api/voice/messages/${answer}/speech`),
    ]) {
      expect(response.status).toBe(401);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("needs a plan whose trial has not ended, like the chat", async () => {
    const app = await voiceApp();
    const { cookie } = await app.signUp();
    const response = await upload(app, cookie, makeWav(1));
    expect(response.status).toBe(402);
    expect((await errorOf(response)).code).toBe("plan:required");
  });

  it("counts against a per-minute limit", async () => {
    const app = await voiceApp({ VOICE_RATE_LIMIT_PER_MINUTE: "2" });
    const { cookie } = await owner(app);
    expect((await upload(app, cookie, makeWav(1))).status).toBe(200);
    expect((await upload(app, cookie, makeWav(1))).status).toBe(200);
    const third = await upload(app, cookie, makeWav(1));
    expect(third.status).toBe(429);
    expect((await errorOf(third)).message).toBe(ERRORS["rate_limit:voice"].message);
  });
});

describe("an answer read aloud", () => {
  it("streams the provider's audio as it comes, read without citation markers or markdown", async () => {
    const app = await voiceApp();
    const { cookie, user } = await owner(app);
    const id = await storedAnswer(
      app,
      user.id,
      "**Raise prices** by 10% [1][2], then bake fewer [3].\n- Start in May.",
    );
    const gate = createGate();
    fake.queueSpeech({ hold: { afterChunks: 1, gate } });
    const response = await app.request(`/api/voice/messages/${id}/speech`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // The first chunk arrives while the provider is still holding the rest.
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value?.subarray(0, 4))).toBe("RIFF");
    gate.open();
    let size = first.value?.length ?? 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) size += chunk.value.length;
    expect(size).toBeGreaterThan(8 * 1024);
    expect(fake.speechRequests()[0]?.body).toMatchObject({
      model: "test-speech",
      voice: "test-voice",
      input: "Raise prices by 10%, then bake fewer.\nStart in May.",
    });
  });

  it("reads a long answer in pieces the provider takes, one after another, as one stream", async () => {
    const app = await voiceApp();
    const { cookie, user } = await owner(app);
    const sentence = "Keep a weekly cash forecast and review it every Monday morning with your bookkeeper. ";
    const id = await storedAnswer(app, user.id, sentence.repeat(100));
    const response = await app.request(`/api/voice/messages/${id}/speech`, { cookie });
    const audio = new Uint8Array(await response.arrayBuffer());
    const inputs = fake.speechRequests().map((request) => String(request.body.input));
    expect(inputs.length).toBe(3);
    expect(inputs.every((input) => input.length <= 4000 && input.endsWith("bookkeeper."))).toBe(true);
    expect(inputs.join(" ")).toBe(sentence.repeat(100).trim());
    // Each piece's audio follows the one before.
    const riffs = [...new TextDecoder("latin1").decode(audio).matchAll(/RIFF/g)].length;
    expect(riffs).toBe(3);
  });

  it("reads only the owner's own answers", async () => {
    const app = await voiceApp();
    const { user } = await owner(app);
    const other = await owner(app);
    const answer = await storedAnswer(app, user.id, "Mine.");
    const question = await storedAnswer(app, other.user.id, "A question.", "user");
    for (const id of [answer, question, "not-an-id"]) {
      const response = await app.request(`/api/voice/messages/${id}/speech`, { cookie: other.cookie });
      expect(response.status).toBe(404);
    }
    expect(fake.speechRequests()).toHaveLength(0);
  });

  it("fails with the chat's error when the provider is down", async () => {
    const app = await voiceApp();
    const { cookie, user } = await owner(app);
    const id = await storedAnswer(app, user.id, "An answer.");
    fake.down = true;
    const response = await app.request(`/api/voice/messages/${id}/speech`, { cookie });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe("Failed to generate a response. Please try again.");
  });
});

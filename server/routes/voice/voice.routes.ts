import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { VOICE_MAX_BYTES } from "../../../shared/voice";
import type { AppEnv } from "../../app-env";
import { requireUser } from "../../auth/require-user";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { throttle } from "../../http/rate-limit";
import { requireActivePlan } from "../../plans/plan-status";
import { answerSpeech } from "../../voice/answer-speech";
import { checkRecording } from "../../voice/recording";
import { transcribe } from "../../voice/transcribe";
import { voiceCapabilities } from "../../voice/voice-support";
import { idParam } from "../chat/id-param";

/** Room for the multipart envelope around the largest allowed recording. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * /api/voice: what the AI service can do with speech, a spoken question turned into text, and an answer read aloud.
 * Like a chat turn, each needs a chosen plan whose trial has not ended and counts against a per-minute limit.
 */
export function voiceRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser(deps.sessions))
      .get("/capabilities", async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await voiceCapabilities(deps));
      })
      // Multipart by design (declared in app.ts's NON_JSON_BODIES): its own limit, the recording's plus the envelope.
      .post(
        "/transcriptions",
        bodyLimit({
          maxSize: VOICE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
          onError: () => {
            throw new AppError("voice:too_large");
          },
        }),
        async (c) => {
          await allowVoice(c, deps);
          const recording = await readRecording(c);
          const text = await transcribe(deps, recording, c.req.raw.signal);
          return c.json({ text });
        },
      )
      .get("/messages/:id/speech", async (c) => {
        const userId = await allowVoice(c, deps);
        const spoken = await answerSpeech(deps, userId, idParam(c.req.param("id"), "not_found:api"), c.req.raw.signal);
        return new Response(spoken.audio, {
          headers: { "content-type": spoken.contentType, "cache-control": "no-store" },
        });
      })
  );
}

/** The plan and rate limits a chat turn meets; returns the owner's id. */
async function allowVoice(c: Context<AppEnv>, deps: AppDeps): Promise<string> {
  const userId = c.get("user").id;
  await throttle(deps.db, {
    keys: [`voice:user:${userId}`],
    limit: deps.env.VOICE_RATE_LIMIT_PER_MINUTE,
    code: "rate_limit:voice",
    now: deps.now(),
  });
  await requireActivePlan(deps, userId);
  return userId;
}

/** The field "file" of a multipart upload, and the length in seconds the browser states in "seconds". */
async function readRecording(c: Context<AppEnv>) {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("validation:voice");
  }
  const file = body.file;
  if (!(file instanceof File)) throw new AppError("validation:voice");
  const seconds = typeof body.seconds === "string" && body.seconds !== "" ? Number(body.seconds) : undefined;
  if (seconds !== undefined && !(seconds >= 0)) throw new AppError("validation:voice");
  return checkRecording(new Uint8Array(await file.arrayBuffer()), seconds);
}

/**
 * Voice: questions spoken into the composer, answers read aloud. The limits
 * are stated to the owner and enforced by the server on every upload.
 */

/** The longest clip the server takes, in seconds. */
export const VOICE_MAX_SECONDS = 120;
/** The largest clip the server takes, in bytes: two minutes of uncompressed 16 kHz speech, with room to spare. */
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;

/** The recordings the server takes: what MediaRecorder makes in Chromium, Firefox and Safari, plus WAV and MP3. */
export const VOICE_FORMATS = {
  webm: "audio/webm",
  ogg: "audio/ogg",
  mp4: "audio/mp4",
  wav: "audio/wav",
  mp3: "audio/mpeg",
} as const;

export type VoiceFormat = keyof typeof VOICE_FORMATS;

/** The limits as one sentence, for the owner and for the server's refusals. */
export const VOICE_LIMITS_TEXT = "Recordings can be up to 2 minutes and 10 MB, as WebM, Ogg, MP4, WAV or MP3 audio.";

/** What the configured AI service can do with speech; where it cannot, the browser's own speech tools stand in. */
export type VoiceCapabilities = {
  /** The provider turns recordings into text (/v1/audio/transcriptions). */
  transcription: boolean;
  /** The provider reads text aloud (/v1/audio/speech). */
  speech: boolean;
};

/** What the transcription route answers. */
export type Transcript = { text: string };

/**
 * An answer as it is read aloud: without citation markers ([1], [2, 3]) and without the markdown marks around
 * emphasis, headings and list items, which a voice would otherwise spell out. The sources row is not part of the
 * answer's text, so it is never read.
 */
export function speakableText(answer: string): string {
  return answer
    .replace(/\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/^\s{0,3}(#{1,6}|>|[-+]|\d+\.)\s+/gm, "")
    .replace(/[ \t]+([.,;:!?])/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

import { VOICE_FORMATS, VOICE_MAX_BYTES, VOICE_MAX_SECONDS, type VoiceFormat } from "../../shared/voice";
import { AppError } from "../http/app-error";

/** A recording as the provider is sent it: its bytes and the format its first bytes show. */
export type Recording = { bytes: Uint8Array<ArrayBuffer>; format: VoiceFormat };

/**
 * Checks an uploaded recording against the stated limits: its size, its format (read from its first bytes, not from
 * the name or type the browser gave it) and its length. The length is the one the browser states and, for WAV, the
 * one its header gives; a compressed recording's length cannot be read without decoding it, so its size bounds it.
 */
export function checkRecording(bytes: Uint8Array<ArrayBuffer>, statedSeconds: number | undefined): Recording {
  if (bytes.length === 0) throw new AppError("voice:empty");
  if (bytes.length > VOICE_MAX_BYTES) throw new AppError("voice:too_large");
  const format = formatOf(bytes);
  if (!format) throw new AppError("voice:unsupported_format");
  const seconds = Math.max(statedSeconds ?? 0, format === "wav" ? (wavSeconds(bytes) ?? 0) : 0);
  // A second of leeway: the browser's timer and the recorder's clock stop a moment apart.
  if (seconds > VOICE_MAX_SECONDS + 1) throw new AppError("voice:too_long");
  return { bytes, format };
}

export function contentTypeOf(format: VoiceFormat): string {
  return VOICE_FORMATS[format];
}

function formatOf(bytes: Uint8Array): VoiceFormat | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(4, 8) === "ftyp") return "mp4";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "wav";
  if (ascii(0, 3) === "ID3") return "mp3";
  // An MPEG audio frame's sync word: eleven bits set.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return "mp3";
  return undefined;
}

/** A WAV file's length from its header: the data it holds (or the part of it that arrived) over its byte rate. */
function wavSeconds(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate: number | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt " && offset + 16 <= bytes.length) byteRate = view.getUint32(offset + 16, true);
    if (id === "data") {
      if (!byteRate) return undefined;
      return Math.min(size, bytes.length - offset - 8) / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

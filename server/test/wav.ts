/**
 * A WAV file made on the spot: 16-bit mono PCM, a sine tone (or silence), for recordings in tests and audio from
 * the fake AI server. The header states the real data size, so a reader can tell its length.
 */
export function makeWav(
  seconds: number,
  options: { sampleRate?: number; frequency?: number } = {},
): Uint8Array<ArrayBuffer> {
  const sampleRate = options.sampleRate ?? 16_000;
  const frequency = options.frequency ?? 440;
  const samples = Math.round(seconds * sampleRate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (const [index, char] of [...text].entries()) bytes[offset + index] = char.charCodeAt(0);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let index = 0; index < samples; index += 1) {
    const value = frequency === 0 ? 0 : Math.sin((2 * Math.PI * frequency * index) / sampleRate) * 0.3;
    view.setInt16(44 + index * 2, Math.round(value * 32767), true);
  }
  return bytes;
}

import zlib from "node:zlib";
import { ExtractionError } from "./extracted";

/**
 * A ZIP archive (a Word file) read from its central directory, each entry
 * inflated only when asked for and only up to a limit: inflating stops as
 * soon as an entry passes `maxEntryBytes`, or all entries read together pass
 * `maxTotalBytes`, whatever sizes the archive declares. A small file whose
 * parts expand to gigabytes is refused after a few megabytes of work.
 */
export type ZipLimits = { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number };

export type ZipArchive = {
  exists(name: string): boolean;
  /** An entry's bytes; throws ExtractionError "too_big_to_read" past a limit, "docx_corrupt" when damaged. */
  read(name: string): Uint8Array;
};

type Entry = { method: number; flags: number; compressedSize: number; localHeaderOffset: number };

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 1;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH_BYTES = 22 + 0xffff;

export function openZip(bytes: Uint8Array, limits: ZipLimits): ZipArchive {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readDirectory(view, limits);
  let inflatedBytes = 0;
  return {
    exists: (name) => entries.has(name),
    read(name) {
      const entry = entries.get(name);
      if (!entry) throw corrupt();
      const data = inflate(view, bytes, entry, Math.min(limits.maxEntryBytes, limits.maxTotalBytes - inflatedBytes));
      inflatedBytes += data.byteLength;
      return data;
    },
  };
}

function readDirectory(view: DataView, limits: ZipLimits): Map<string, Entry> {
  const end = findEndOfDirectory(view);
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) ({ count, offset } = readZip64End(view, end));
  if (count > limits.maxEntries) throw new ExtractionError("too_big_to_read");
  const entries = new Map<string, Entry>();
  const names = new TextDecoder("utf-8");
  for (let index = 0; index < count; index++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY) throw corrupt();
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const nameStart = offset + 46;
    if (nameStart + nameLength + extraLength > view.byteLength) throw corrupt();
    const name = names.decode(new Uint8Array(view.buffer, view.byteOffset + nameStart, nameLength));
    const entry: Entry = {
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
    };
    applyZip64Extra(view, nameStart + nameLength, extraLength, entry, view.getUint32(offset + 24, true));
    entries.set(name, entry);
    offset = nameStart + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndOfDirectory(view: DataView): number {
  const stop = Math.max(0, view.byteLength - END_SEARCH_BYTES);
  for (let offset = view.byteLength - 22; offset >= stop; offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  throw corrupt();
}

/** Archives written in ZIP64 form keep the entry count and directory offset in a second end record. */
function readZip64End(view: DataView, end: number): { count: number; offset: number } {
  const locator = end - 20;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_END_LOCATOR) throw corrupt();
  const record = safeNumber(view.getBigUint64(locator + 8, true));
  if (record + 56 > view.byteLength || view.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) throw corrupt();
  return {
    count: safeNumber(view.getBigUint64(record + 32, true)),
    offset: safeNumber(view.getBigUint64(record + 48, true)),
  };
}

/** A ZIP64 extra field holds, in order, the 64-bit values of the sizes and offset whose 32-bit fields are all ones. */
function applyZip64Extra(view: DataView, start: number, length: number, entry: Entry, uncompressedSize: number) {
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) throw corrupt();
        const value = safeNumber(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (uncompressedSize === 0xffffffff) next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function inflate(view: DataView, bytes: Uint8Array, entry: Entry, maxBytes: number): Uint8Array {
  const header = entry.localHeaderOffset;
  if (header + 30 > view.byteLength || view.getUint32(header, true) !== LOCAL_HEADER) throw corrupt();
  if (entry.flags & ENCRYPTED_FLAG) throw corrupt();
  const dataStart = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  // A declared size past the end of the file is not trusted: the data ends where the file does.
  const data = bytes.subarray(dataStart, Math.min(view.byteLength, dataStart + entry.compressedSize));
  if (entry.method === STORED) {
    if (data.byteLength > maxBytes) throw new ExtractionError("too_big_to_read");
    return data;
  }
  if (entry.method !== DEFLATED) throw corrupt();
  try {
    // zlib stops and throws as soon as the output would pass the limit: memory never holds more than that.
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new ExtractionError("too_big_to_read", { cause: error });
    }
    throw corrupt(error);
  }
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt();
  return Number(value);
}

function corrupt(cause?: unknown): ExtractionError {
  return new ExtractionError("docx_corrupt", { cause });
}

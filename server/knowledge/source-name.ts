import { SOURCE_NAME_MAX_CHARS } from "../../shared/knowledge";
import { withoutBidiControls } from "../../shared/validation";

/**
 * A file name as the owner sees it: no folders (C:\\Users\\… or ../../), no
 * control characters (bidirectional ones among them, which can fake an
 * extension), no markup brackets, not empty, not endless.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = [...withoutBidiControls(base)]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && !'<>"`'.includes(char))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const name = cleaned || "Untitled";
  if (name.length <= SOURCE_NAME_MAX_CHARS) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  return name.slice(0, SOURCE_NAME_MAX_CHARS - extension.length) + extension;
}

/** A Content-Disposition header that downloads the file under its name, whatever characters it has. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

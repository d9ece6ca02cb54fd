import type { KnowledgePiece } from "../ai/context-index";
import type { ExtractedSection } from "./extract/extracted";

/** A piece is a few hundred tokens (about four characters each) … */
export const PIECE_TARGET_CHARS = 1200;
/** … and starts with the end of the one before, so a fact on a boundary is whole in one of them. */
export const PIECE_OVERLAP_CHARS = 200;

/**
 * Splits each section into pieces for retrieval, on paragraph, line and
 * sentence boundaries where it can (words only for a run-on text). A piece
 * never spans two sections, so it keeps its section's location.
 */
export function chunkSections(sections: ExtractedSection[]): KnowledgePiece[] {
  const pieces: KnowledgePiece[] = [];
  for (const section of sections) {
    const heading = section.heading ?? null;
    for (const content of chunkText(section.text)) pieces.push({ content, location: section.location, heading });
  }
  return pieces;
}

export function chunkText(text: string, target = PIECE_TARGET_CHARS, overlap = PIECE_OVERLAP_CHARS): string[] {
  const units = text
    .split(/\n+/)
    .map(normalizeLine)
    .filter(Boolean)
    .flatMap((line) => splitLong(line, target));
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  let carriedCount = 0;
  for (const unit of units) {
    if (length + unit.length > target && current.length > 0) {
      if (current.length === carriedCount) {
        // Only the overlap is there and the next unit does not fit beside it: start afresh.
        current = [];
        length = 0;
        carriedCount = 0;
        current.push(unit);
        length += unit.length + 1;
        continue;
      }
      chunks.push(current.join("\n"));
      // Carry the last units that fit in the overlap into the next piece.
      const carried: string[] = [];
      let carriedLength = 0;
      for (let index = current.length - 1; index >= 0; index--) {
        const previous = current[index] as string;
        if (carriedLength + previous.length > overlap) break;
        carried.unshift(previous);
        carriedLength += previous.length + 1;
      }
      current = carried;
      length = carriedLength;
      carriedCount = carried.length;
    }
    current.push(unit);
    length += unit.length + 1;
  }
  if (current.length > carriedCount) chunks.push(current.join("\n"));
  return chunks;
}

/** How a line of a source reads in its pieces: runs of spaces and tabs as one space, trimmed. */
export function normalizeLine(line: string): string {
  return line.replace(/[ \t\f\v]+/g, " ").trim();
}

/** A line longer than a piece, cut at sentence ends, then at spaces, then anywhere. */
function splitLong(line: string, target: number): string[] {
  if (line.length <= target) return [line];
  const parts: string[] = [];
  let rest = line;
  while (rest.length > target) {
    const window = rest.slice(0, target);
    const sentenceEnd = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "));
    const space = window.lastIndexOf(" ");
    const cut = sentenceEnd > target / 2 ? sentenceEnd + 1 : space > target / 2 ? space : target;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

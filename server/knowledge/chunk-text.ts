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
  const units = tableUnits(
    text
      .split(/\n+/)
      .map(normalizeLine)
      .filter(Boolean)
      .flatMap((line) => splitLong(line, target)),
  );
  const chunks: string[] = [];
  let current: TextUnit[] = [];
  let length = 0;
  let carriedCount = 0;
  const startWith = (carried: TextUnit[], next: TextUnit) => {
    current = [...tableHeaderBefore(carried[0] ?? next), ...carried];
    length = current.reduce((sum, item) => sum + item.text.length + 1, 0);
    carriedCount = current.length;
  };
  for (const unit of units) {
    if (length + unit.text.length > target && current.length > 0) {
      if (current.length === carriedCount) {
        // Only the overlap is there and the next unit does not fit beside it: start afresh.
        startWith([], unit);
      } else {
        chunks.push(current.map((item) => item.text).join("\n"));
        // Carry the last units that fit in the overlap into the next piece.
        const carried: TextUnit[] = [];
        let carriedLength = 0;
        for (let index = current.length - 1; index >= 0; index--) {
          const previous = current[index] as TextUnit;
          if (carriedLength + previous.text.length > overlap) break;
          carried.unshift(previous);
          carriedLength += previous.text.length + 1;
        }
        startWith(carried, unit);
      }
    }
    current.push(unit);
    length += unit.text.length + 1;
  }
  if (current.length > carriedCount) chunks.push(current.map((item) => item.text).join("\n"));
  return chunks;
}

/** A line of text; a Markdown table's rows know their table's header line and its |---| line. */
type TextUnit = { text: string; header?: TextUnit[] };

/**
 * What a piece starting with this line begins with first: a piece that starts
 * inside a table repeats the table's header, so its rows still say what their
 * columns are.
 */
function tableHeaderBefore(first: TextUnit): TextUnit[] {
  if (!first.header) return [];
  const at = first.header.indexOf(first);
  return at === -1 ? first.header : first.header.slice(0, at);
}

/** Marks the rows of Markdown tables (a header line, a |---| line, then rows) with their table's header. */
function tableUnits(lines: string[]): TextUnit[] {
  const units: TextUnit[] = [];
  let header: TextUnit[] | undefined;
  for (const line of lines) {
    const previous = units.at(-1);
    if (!line.startsWith("|")) {
      header = undefined;
      units.push({ text: line });
    } else if (/^\|[\s:|-]+$/.test(line) && line.includes("-") && previous?.text.startsWith("|")) {
      const separator: TextUnit = { text: line };
      header = [previous, separator];
      previous.header = header;
      separator.header = header;
      units.push(separator);
    } else {
      units.push(header ? { text: line, header } : { text: line });
    }
  }
  return units;
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

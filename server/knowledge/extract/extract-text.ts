import { type Extracted, type ExtractedSection, headingPath } from "./extracted";

/** Plain text (and notes): one part, no location. */
export function extractPlainText(text: string): Extracted {
  return { sections: [{ location: null, text }] };
}

/** Markdown split at its headings (# … ######), outside fenced code; each section knows the headings above it. */
export function extractMarkdown(text: string): Extracted {
  const sections: ExtractedSection[] = [];
  let current: ExtractedSection = { location: null, text: "" };
  // The open headings by level (1–6): a new heading closes those at its level and below.
  const open: string[] = [];
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1] && heading[2]) {
      if (current.text.trim() !== "") sections.push(current);
      const level = heading[1].length;
      open.length = level;
      open[level - 1] = heading[2];
      current = {
        location: `section “${heading[2].slice(0, 120)}”`,
        text: `${heading[2]}\n`,
        heading: headingPath(open.filter(Boolean)),
      };
    } else {
      current.text += `${line}\n`;
    }
  }
  if (current.text.trim() !== "") sections.push(current);
  return { sections };
}

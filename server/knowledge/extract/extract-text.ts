import type { Extracted, ExtractedSection } from "./extracted";

/** Plain text (and notes): one part, no location. */
export function extractPlainText(text: string): Extracted {
  return { sections: [{ location: null, text }] };
}

/** Markdown split at its headings (# … ######), outside fenced code. */
export function extractMarkdown(text: string): Extracted {
  const sections: ExtractedSection[] = [];
  let current: ExtractedSection = { location: null, text: "" };
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) {
      if (current.text.trim() !== "") sections.push(current);
      current = { location: `section “${heading[1].slice(0, 120)}”`, text: `${heading[1]}\n` };
    } else {
      current.text += `${line}\n`;
    }
  }
  if (current.text.trim() !== "") sections.push(current);
  return { sections };
}

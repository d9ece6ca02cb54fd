import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { type Extracted, type ExtractedSection, headingPath } from "./extracted";
import { READ_LIMITS } from "./read-limits";

const HEADINGS = new Set(["H1", "H2", "H3", "H4", "H5", "H6"]);
const BLOCKS = new Set(["P", "LI", "PRE", "BLOCKQUOTE", "TD", "TH", "DT", "DD", "FIGCAPTION", "CAPTION"]);

/**
 * A web page's readable text: Readability keeps the article and drops menus,
 * footers and scripts; the text is then split at its headings so each piece
 * can say which section it came from. A page Readability cannot make sense of
 * falls back to the body's text, and so does a huge one (Readability would take
 * seconds over it). Past READ_LIMITS.htmlElements elements the page is cut.
 */
export function extractHtml(html: string): Extracted {
  const { head, truncated } = firstElements(html, READ_LIMITS.htmlElements);
  const { document } = parseHTML(head);
  const title = document.querySelector("title")?.textContent?.trim() || undefined;
  const huge = document.querySelectorAll("*").length > READ_LIMITS.readabilityElements;
  const article = huge ? null : new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const content = article?.content
    ? parseHTML(`<!doctype html><html><body>${article.content}</body></html>`)
    : undefined;
  // Readability changes the document it reads: the fallback reads the page afresh.
  const root = content?.document.body ?? (huge ? document : parseHTML(head).document).body;
  const pageTitle = article?.title?.trim() || title;
  const sections = sectionsOf(root as unknown as Element, pageTitle);
  return { sections, title: pageTitle, truncated };
}

/** The page up to its `max`-th element's start tag, which is all the parser is given. */
function firstElements(html: string, max: number): { head: string; truncated: boolean } {
  const startTag = /<[a-z]/gi;
  for (let count = 0; startTag.exec(html); count++) {
    if (count === max) return { head: html.slice(0, startTag.lastIndex - 2), truncated: true };
  }
  return { head: html, truncated: false };
}

/**
 * Text grouped under the nearest heading before it; text before any heading
 * has no location. Each section knows the path of headings above it, under the
 * document's title when it has one.
 */
export function sectionsOf(root: Element, title?: string): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let current: ExtractedSection = { location: null, text: "", heading: title || undefined };
  const open: string[] = [];
  const push = () => {
    if (current.text.trim() !== "") sections.push(current);
  };
  const walk = (element: Element) => {
    for (const child of Array.from(element.children)) {
      const tag = child.tagName.toUpperCase();
      if (tag === "SCRIPT" || tag === "STYLE" || tag === "NOSCRIPT" || tag === "TEMPLATE") continue;
      if (HEADINGS.has(tag)) {
        push();
        const heading = clean(child.textContent ?? "");
        const level = Number(tag.slice(1));
        open.length = level;
        open[level - 1] = heading;
        const path = open.filter(Boolean);
        current = {
          location: heading ? `section “${heading.slice(0, 120)}”` : null,
          text: heading ? `${heading}\n` : "",
          heading: headingPath(title && path[0] !== title ? [title, ...path] : path),
        };
      } else if (BLOCKS.has(tag) || child.children.length === 0) {
        const text = clean(child.textContent ?? "");
        if (text) current.text += `${text}\n`;
      } else {
        walk(child);
      }
    }
  };
  walk(root);
  push();
  return sections;
}

function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

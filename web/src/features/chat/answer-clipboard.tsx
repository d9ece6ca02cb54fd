import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Copy puts an answer on the clipboard as it reads on screen: rich text
 * (bold, lists, tables) for a document or an e-mail, and plain text without
 * Markdown's marks for anywhere else. "Copy as Markdown" keeps the source.
 */
export async function copyAnswer(markdown: string): Promise<void> {
  const rendered = renderMarkdown(markdown);
  const html = rendered.innerHTML;
  const text = plainTextOf(rendered);
  if (typeof ClipboardItem === "undefined" || !navigator.clipboard.write) {
    await navigator.clipboard.writeText(text);
    return;
  }
  await navigator.clipboard.write([
    new ClipboardItem({
      "text/html": new Blob([html], { type: "text/html" }),
      "text/plain": new Blob([text], { type: "text/plain" }),
    }),
  ]);
}

export function copyMarkdown(markdown: string): Promise<void> {
  return navigator.clipboard.writeText(markdown);
}

/** The answer as plain HTML elements (no classes), rendered as the chat renders it: raw HTML stays text. */
function renderMarkdown(markdown: string): HTMLElement {
  const container = document.createElement("div");
  const root = createRoot(container);
  flushSync(() => root.render(<Markdown remarkPlugins={[remarkGfm]}>{markdown}</Markdown>));
  const copy = container.cloneNode(true) as HTMLElement;
  root.unmount();
  return copy;
}

/** Paragraphs apart by a blank line, list items as "•" or "1." lines, table rows as tab-separated cells. */
export function plainTextOf(root: Element): string {
  return blocksOf(root).join("\n\n");
}

function blocksOf(parent: Element): string[] {
  const blocks: string[] = [];
  for (const element of Array.from(parent.children)) {
    const tag = element.tagName;
    if (tag === "UL" || tag === "OL") blocks.push(listLines(element, "").join("\n"));
    else if (tag === "TABLE") blocks.push(tableLines(element).join("\n"));
    else if (tag === "PRE") blocks.push((element.textContent ?? "").replace(/\n$/, ""));
    else if (tag === "BLOCKQUOTE") blocks.push(...blocksOf(element));
    else if (tag !== "HR") blocks.push(inlineText(element));
  }
  return blocks.filter((block) => block !== "");
}

function listLines(list: Element, indent: string): string[] {
  const ordered = list.tagName === "OL";
  const start = Number(list.getAttribute("start") ?? "1");
  return Array.from(list.children).flatMap((item, index) => {
    const own = item.cloneNode(true) as Element;
    for (const nested of Array.from(own.querySelectorAll("ul, ol"))) nested.remove();
    const mark = ordered ? `${start + index}.` : "•";
    const nested = Array.from(item.querySelectorAll(":scope > ul, :scope > ol"));
    return [`${indent}${mark} ${inlineText(own)}`, ...nested.flatMap((child) => listLines(child, `${indent}  `))];
  });
}

function tableLines(table: Element): string[] {
  return Array.from(table.querySelectorAll("tr")).map((row) =>
    Array.from(row.children)
      .map((cell) => inlineText(cell))
      .join("\t"),
  );
}

function inlineText(element: Element): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

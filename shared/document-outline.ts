import type { RichNode } from "./documents";

/**
 * A rich document as plain blocks (heading, paragraph, list, table), the shape the director drafts in and the
 * exports write from. The editor's ProseMirror JSON is made from it and read back into it; inline styling beyond
 * the text is not carried across.
 */
export type OutlineBlock =
  | { type: "heading"; level: 1 | 2 | 3; text: string }
  | { type: "paragraph"; text: string }
  | { type: "bullets" | "numbered"; items: string[] }
  /** The first row is the header. */
  | { type: "table"; rows: string[][] };

export function outlineToDoc(blocks: OutlineBlock[]): RichNode {
  return { type: "doc", content: blocks.length > 0 ? blocks.map(blockToNode) : [{ type: "paragraph" }] };
}

function blockToNode(block: OutlineBlock): RichNode {
  switch (block.type) {
    case "heading":
      return { type: "heading", attrs: { level: block.level }, content: inline(block.text) };
    case "paragraph":
      return { type: "paragraph", content: inline(block.text) };
    case "bullets":
    case "numbered":
      return {
        type: block.type === "bullets" ? "bulletList" : "orderedList",
        content: block.items.map((item) => ({
          type: "listItem",
          content: [{ type: "paragraph", content: inline(item) }],
        })),
      };
    case "table":
      return {
        type: "table",
        content: block.rows.map((row, index) => ({
          type: "tableRow",
          content: row.map((cell) => ({
            type: index === 0 ? "tableHeader" : "tableCell",
            content: [{ type: "paragraph", content: inline(cell) }],
          })),
        })),
      };
  }
}

/** ProseMirror refuses empty text nodes: an empty string is an empty paragraph. */
function inline(text: string): RichNode[] | undefined {
  return text === "" ? undefined : [{ type: "text", text }];
}

export function docToOutline(doc: RichNode): OutlineBlock[] {
  const blocks: OutlineBlock[] = [];
  for (const node of doc.content ?? []) {
    const block = nodeToBlock(node);
    if (block) blocks.push(block);
  }
  return blocks;
}

function nodeToBlock(node: RichNode): OutlineBlock | undefined {
  switch (node.type) {
    case "heading": {
      const level = Number(node.attrs?.level ?? 1);
      return { type: "heading", level: level <= 1 ? 1 : level === 2 ? 2 : 3, text: textOf(node) };
    }
    case "paragraph":
      return { type: "paragraph", text: textOf(node) };
    case "blockquote":
    case "codeBlock":
      return { type: "paragraph", text: textOf(node) };
    case "bulletList":
    case "orderedList":
      return {
        type: node.type === "bulletList" ? "bullets" : "numbered",
        items: (node.content ?? []).map((item) => textOf(item)),
      };
    case "table":
      return {
        type: "table",
        rows: (node.content ?? []).map((row) => (row.content ?? []).map((cell) => textOf(cell))),
      };
    default:
      return undefined;
  }
}

/** A node's text: its text nodes joined, paragraphs inside it separated by a line break. */
export function textOf(node: RichNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return "\n";
  const parts = (node.content ?? []).map(textOf);
  const blockChildren = (node.content ?? []).some((child) => child.type !== "text" && child.type !== "hardBreak");
  return parts.join(blockChildren ? "\n" : "");
}

/** The outline as plain lines, for comparing versions and for search. */
export function outlineLines(blocks: OutlineBlock[]): string[] {
  return blocks.flatMap(blockLines);
}

function blockLines(block: OutlineBlock): string[] {
  switch (block.type) {
    case "heading":
      return [`${"#".repeat(block.level)} ${block.text}`];
    case "paragraph":
      return block.text.split("\n");
    case "bullets":
      return block.items.map((item) => `- ${item}`);
    case "numbered":
      return block.items.map((item, index) => `${index + 1}. ${item}`);
    case "table":
      return block.rows.map((row) => `| ${row.join(" | ")} |`);
  }
}

import type { Nodes, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { pdfmake } from "../export/pdfmake";
import type { ExportedConversation } from "./export-conversation";

/**
 * The conversation as a PDF, made here on the server with pdfmake: the title,
 * the director, and each message under its author and date, with the
 * answers' Markdown laid out as headings, lists, tables, quotes and code.
 * Roboto (shipped with pdfmake) is embedded, so accents and most scripts print.
 */

const INK = "#0f172a";
const MUTED = "#475569";
const BRAND = "#0f766e";

export async function toPdf(doc: ExportedConversation, formatDate: (date: Date) => string): Promise<Buffer> {
  const content: Content[] = [
    { text: doc.title, style: "title" },
    { text: doc.about, style: "subtitle" },
    { text: `Exported from Directors on ${formatDate(doc.exportedAt)}`, style: "meta", margin: [0, 2, 0, 12] },
  ];
  for (const message of doc.messages) {
    content.push(rule());
    content.push({
      text: [
        { text: message.author, bold: true, color: message.author === "You" ? INK : BRAND },
        { text: `  ·  ${formatDate(message.when)}`, color: MUTED },
      ],
      fontSize: 9.5,
      margin: [0, 8, 0, 4],
    });
    content.push(...markdownBlocks(message.content));
    if (message.note) content.push({ text: message.note, italics: true, color: MUTED, margin: [0, 2, 0, 0] });
  }
  const definition: TDocumentDefinitions = {
    info: { title: doc.title, creator: "Directors" },
    pageSize: "A4",
    pageMargins: [48, 48, 48, 56],
    content,
    defaultStyle: { font: "Roboto", fontSize: 10.5, lineHeight: 1.25, color: INK },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 11, color: MUTED },
      meta: { fontSize: 9, color: MUTED },
      h1: { fontSize: 14, bold: true, margin: [0, 8, 0, 4] },
      h2: { fontSize: 12.5, bold: true, margin: [0, 8, 0, 4] },
      h3: { fontSize: 11, bold: true, margin: [0, 6, 0, 3] },
      tableHeader: { bold: true },
    },
    footer: (page, pages) => ({
      text: `${page} / ${pages}`,
      alignment: "right",
      fontSize: 8,
      color: MUTED,
      margin: [0, 20, 48, 0],
    }),
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}

function rule(): Content {
  return {
    canvas: [{ type: "line", x1: 0, y1: 0, x2: 499, y2: 0, lineWidth: 0.5, lineColor: "#cbd5e1" }],
    margin: [0, 6, 0, 0],
  };
}

/** The Markdown of one message as pdfmake blocks. */
export function markdownBlocks(markdown: string): Content[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  return tree.children.map(block).filter((item): item is Content => item !== undefined);
}

function block(node: RootContent): Content | undefined {
  switch (node.type) {
    case "heading":
      return { text: inlines(node.children), style: node.depth <= 1 ? "h1" : node.depth === 2 ? "h2" : "h3" };
    case "paragraph":
      return { text: inlines(node.children), margin: [0, 0, 0, 6] };
    case "list": {
      const items = node.children.map((item) => {
        const parts = item.children.map(block).filter((part): part is Content => part !== undefined);
        return parts.length === 1 ? (parts[0] as Content) : { stack: parts };
      });
      return node.ordered
        ? { ol: items, start: node.start ?? 1, margin: [0, 0, 0, 6] }
        : { ul: items, margin: [0, 0, 0, 6] };
    }
    case "table": {
      const columns = Math.max(...node.children.map((row) => row.children.length));
      const body = node.children.map((row, rowIndex) =>
        Array.from({ length: columns }, (_, index) => {
          const cell = row.children[index];
          return { text: cell ? inlines(cell.children) : "", style: rowIndex === 0 ? "tableHeader" : undefined };
        }),
      );
      return {
        table: { headerRows: 1, widths: Array.from({ length: columns }, () => "*"), body },
        layout: "lightHorizontalLines",
        margin: [0, 2, 0, 8],
      };
    }
    case "blockquote":
      return {
        stack: node.children.map(block).filter((part): part is Content => part !== undefined),
        margin: [12, 0, 0, 6],
        color: MUTED,
        italics: true,
      };
    case "code":
      return {
        table: { widths: ["*"], body: [[{ text: node.value, fontSize: 9, preserveLeadingSpaces: true }]] },
        layout: { fillColor: () => "#f1f5f9", hLineWidth: () => 0, vLineWidth: () => 0 },
        margin: [0, 2, 0, 8],
      };
    case "thematicBreak":
      return rule();
    case "html":
      // Raw HTML is shown as text, as in the chat.
      return { text: node.value, margin: [0, 0, 0, 6] };
    default:
      return "children" in node ? { text: inlines((node as { children: PhrasingContent[] }).children) } : undefined;
  }
}

type Inline = { text: string | Inline[]; bold?: boolean; italics?: boolean; link?: string; color?: string };

function inlines(nodes: PhrasingContent[] | Nodes[]): Inline[] {
  return (nodes as PhrasingContent[]).map((node): Inline => {
    switch (node.type) {
      case "text":
        return { text: node.value };
      case "strong":
        return { text: inlines(node.children), bold: true };
      case "emphasis":
        return { text: inlines(node.children), italics: true };
      case "delete":
        return { text: inlines(node.children), color: MUTED };
      case "inlineCode":
        return { text: node.value, color: "#be185d" };
      case "break":
        return { text: "\n" };
      case "link":
        return /^(https?:|mailto:)/i.test(node.url)
          ? { text: inlines(node.children), link: node.url, color: BRAND }
          : { text: inlines(node.children) };
      case "html":
        return { text: node.value };
      default:
        return "children" in node
          ? { text: inlines((node as { children: PhrasingContent[] }).children) }
          : { text: "value" in node ? String((node as { value: unknown }).value) : "" };
    }
  });
}

import { Extension } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

/**
 * Citation markers in the editor: each number of a [n] or [1, 2] that names a cited block is shown as a small link and
 * opens that block's excerpt when clicked, as in a chat answer. The markers stay plain text the owner can edit or
 * delete; only their look and the click are added (decorations, so nothing is stored).
 */

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g;
const key = new PluginKey<DecorationSet>("citation-markers");

export type CitationOptions = {
  /** The block numbers the document's sources have; other markers stay plain text. */
  known: () => ReadonlySet<number>;
  onOpen: (n: number) => void;
};

export const CitationMarkers = Extension.create<CitationOptions>({
  name: "citationMarkers",
  addOptions: () => ({ known: () => new Set<number>(), onOpen: () => {} }),
  addProseMirrorPlugins() {
    const { known, onOpen } = this.options;
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => markersOf(state.doc, known()),
          apply: (tr, previous) => (tr.docChanged ? markersOf(tr.doc, known()) : previous),
        },
        props: {
          decorations: (state) => key.getState(state),
          handleDOMEvents: {
            // A press on a citation neither moves the caret nor focuses the editor (which would make the browser
            // touch the text under it); the click then opens the excerpt.
            mousedown: (_view, event) => {
              if (!citationAt(event)) return false;
              event.preventDefault();
              return true;
            },
            click: (_view, event) => {
              const n = citationAt(event);
              if (n === undefined) return false;
              event.preventDefault();
              onOpen(n);
              return true;
            },
          },
        },
      }),
    ];
  },
});

function citationAt(event: Event): number | undefined {
  const marker = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("[data-cite]");
  return marker ? Number(marker.dataset.cite) : undefined;
}

function markersOf(doc: ProseMirrorNode, known: ReadonlySet<number>): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isText || !node.text) return;
    for (const match of node.text.matchAll(MARKER)) {
      const start = position + (match.index ?? 0);
      const numbers = [...match[0].matchAll(/\d{1,3}/g)];
      for (const number of numbers) {
        const n = Number(number[0]);
        if (!known.has(n)) continue;
        // [2] is one link as a whole; in [1, 2] each number is its own.
        const [from, to] =
          numbers.length === 1
            ? [start, start + match[0].length]
            : [start + (number.index ?? 0), start + (number.index ?? 0) + number[0].length];
        decorations.push(
          Decoration.inline(from, to, {
            class: "document-cite",
            "data-cite": String(n),
            title: `Open source ${n}`,
          }),
        );
      }
    }
  });
  return DecorationSet.create(doc, decorations);
}

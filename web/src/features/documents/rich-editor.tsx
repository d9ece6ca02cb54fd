import { TableKit } from "@tiptap/extension-table";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import type { RichNode } from "#shared/documents";
import { CitationMarkers } from "./citation-markers";

/**
 * A rich document in the editor (tiptap, on ProseMirror): headings, paragraphs, lists and tables, typed into
 * directly. Every change goes up as the document's JSON; a selection goes up as its text, for asking the director
 * to change that passage; a click on a citation's number opens its excerpt. This file and tiptap load only on the
 * document screen.
 */
export function RichEditor(props: {
  doc: RichNode;
  /** Changes when the document is replaced from outside (a version restored, a change made): the editor reloads. */
  revision: string;
  /** The block numbers the document cites, whose markers open an excerpt. */
  cited: ReadonlySet<number>;
  onChange: (doc: RichNode) => void;
  onSelect: (text: string) => void;
  onCite: (n: number) => void;
}) {
  // The editor is made once; its citation plugin reads the latest sources and callback through this.
  const latest = useRef(props);
  latest.current = props;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      TableKit.configure({ table: { resizable: false } }),
      CitationMarkers.configure({ known: () => latest.current.cited, onOpen: (n) => latest.current.onCite(n) }),
    ],
    content: props.doc,
    editorProps: { attributes: { class: "document-prose min-h-64 focus:outline-none", "aria-label": "Document text" } },
    onUpdate: ({ editor }) => props.onChange(editor.getJSON() as RichNode),
    onSelectionUpdate: ({ editor }) => {
      const { from, to } = editor.state.selection;
      props.onSelect(from === to ? "" : editor.state.doc.textBetween(from, to, "\n"));
    },
  });
  // The editor was made with this revision's document: only a later revision is loaded again (a 20-page document
  // takes tens of milliseconds to parse).
  const loaded = useRef(props.revision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new revision replaces what the owner is typing
  useEffect(() => {
    if (!editor || editor.isDestroyed || loaded.current === props.revision) return;
    loaded.current = props.revision;
    editor.commands.setContent(props.doc, { emitUpdate: false });
  }, [editor, props.revision]);
  return <EditorContent editor={editor} />;
}

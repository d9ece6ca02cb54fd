import { TableKit } from "@tiptap/extension-table";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import type { RichNode } from "#shared/documents";

/**
 * A rich document in the editor (tiptap, on ProseMirror): headings, paragraphs, lists and tables, typed into
 * directly. Every change goes up as the document's JSON; a selection goes up as its text, for asking the director
 * to change that passage. This file and tiptap load only on the document screen.
 */
export function RichEditor(props: {
  doc: RichNode;
  /** Changes when the document is replaced from outside (a version restored, a change made): the editor reloads. */
  revision: string;
  onChange: (doc: RichNode) => void;
  onSelect: (text: string) => void;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), TableKit.configure({ table: { resizable: false } })],
    content: props.doc,
    editorProps: { attributes: { class: "document-prose min-h-64 focus:outline-none", "aria-label": "Document text" } },
    onUpdate: ({ editor }) => props.onChange(editor.getJSON() as RichNode),
    onSelectionUpdate: ({ editor }) => {
      const { from, to } = editor.state.selection;
      props.onSelect(from === to ? "" : editor.state.doc.textBetween(from, to, "\n"));
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new revision replaces what the owner is typing
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(props.doc, { emitUpdate: false });
  }, [editor, props.revision]);
  return <EditorContent editor={editor} />;
}

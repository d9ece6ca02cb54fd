import { useNavigate } from "react-router";
import type { AnswerAuthor } from "#shared/chat";

/** "Make this a document" under an answer: the document screen drafts it from the answer and streams it in. */
export function MakeDocumentButton(props: { messageId: string; directorId: AnswerAuthor }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() =>
        void navigate("/documents/new", {
          state: { draft: { directorId: props.directorId, kind: "custom", fromMessageId: props.messageId } },
        })
      }
      className="inline-flex h-11 items-center rounded-md px-2 text-xs font-medium text-slate-600 transition-colors hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:h-8"
    >
      Make this a document
    </button>
  );
}

import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { AnswerAuthor } from "#shared/chat";
import { useMediaQuery } from "../../lib/use-media-query";

/** Wide enough for the conversation and the document pane side by side. */
export const DOCUMENT_PANE_QUERY = "(min-width: 1024px)";

/**
 * "Make this a document" under an answer: on a wide screen the document drafts in a pane beside the conversation
 * (?draftFrom=), on a phone on its own full screen.
 */
export function MakeDocumentButton(props: { messageId: string; directorId: AnswerAuthor }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery(DOCUMENT_PANE_QUERY);
  const make = () => {
    if (wide && location.pathname === "/chat") {
      const next = new URLSearchParams(params);
      next.delete("document");
      next.set("draftFrom", props.messageId);
      next.set("draftDirector", props.directorId);
      setParams(next);
      return;
    }
    void navigate("/documents/new", {
      state: { draft: { directorId: props.directorId, kind: "custom", fromMessageId: props.messageId } },
    });
  };
  return (
    <button
      type="button"
      onClick={make}
      className="inline-flex h-11 items-center rounded-md px-2 text-xs font-medium text-slate-600 transition-colors hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:h-8"
    >
      Make this a document
    </button>
  );
}

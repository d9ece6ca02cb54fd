import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { AnswerAuthor } from "#shared/chat";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { DocumentArea, DraftingCard, directorNameOf, draftFollower } from "./document-area";
import { startDrafting, useDocument } from "./documents-api";
import "./documents.css";

/** An answer being made into a document, beside its conversation. */
export type PaneDraft = { messageId: string; directorId: AnswerAuthor };

/**
 * The document pane beside the conversation on a wide screen: "Make this a document" drafts here, the draft streams
 * in section by section, and the owner edits it without leaving the chat; "Open full page" gives it the whole screen.
 * Loaded only when a document is opened beside the chat.
 */
export function DocumentPane(props: {
  documentId: string | undefined;
  draft: PaneDraft | undefined;
  onCreated: (id: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const started = useRef<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>();
  const { draft, documentId, onCreated } = props;
  useEffect(() => {
    if (!draft || documentId || started.current === draft.messageId) return;
    started.current = draft.messageId;
    startDrafting(
      { directorId: draft.directorId, kind: "custom", fromMessageId: draft.messageId },
      draftFollower(queryClient, { onCreated }),
    ).catch((error: Error) => setFailure(error.message));
  }, [draft, documentId, queryClient, onCreated]);
  const query = useDocument(documentId);
  const view = query.data;

  return (
    <div className="grid content-start gap-4 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-brand-700">
          {view ? directorNameOf(view.directorId) : draft ? directorNameOf(draft.directorId) : "Document"}
        </p>
        <div className="flex gap-1">
          {documentId ? (
            <Button asChild size="sm" variant="ghost">
              <Link to={`/documents/${documentId}`}>Open full page</Link>
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={props.onClose}>
            Close
          </Button>
        </div>
      </div>
      {failure || query.isError ? (
        <Card role="alert" className="p-4 text-sm text-slate-900">
          {failure ?? query.error?.message}
        </Card>
      ) : view ? (
        <>
          <h2 className="text-xl font-bold tracking-tight text-slate-900">{view.title}</h2>
          <DocumentArea view={view} compact />
        </>
      ) : draft && !documentId ? (
        <DraftingCard directorName={directorNameOf(draft.directorId)} />
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}

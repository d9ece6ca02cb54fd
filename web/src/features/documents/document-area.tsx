import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { findDirector } from "#shared/directors";
import type { DocumentBody, DocumentView, DraftEvent } from "#shared/documents";
import { ERRORS } from "#shared/errors";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { errorToast } from "../../components/ui/use-toast";
import { DocumentEditor } from "./document-editor";
import { DocumentPreview } from "./document-preview";
import { documentQueryKey, retryDrafting } from "./documents-api";
import { endLiveDraft, setLiveDraft, useLiveDraft } from "./drafting-store";

/**
 * A document as the owner works on it, on its own page or in the pane beside a conversation: the drafting as it
 * streams in, an incomplete draft with its error and a Retry, or the editor.
 */
export function DocumentArea({ view, compact = false }: { view: DocumentView; compact?: boolean }) {
  const live = useLiveDraft(view.id);
  const queryClient = useQueryClient();
  const directorName = directorNameOf(view.directorId);
  const retry = () => {
    setLiveDraft(view.id, undefined);
    retryDrafting(view.id, draftFollower(queryClient, { id: view.id })).catch((error: Error) => {
      endLiveDraft(view.id);
      errorToast(error.message);
    });
  };
  if (live || view.status === "drafting") return <DraftingCard directorName={directorName} body={live?.body} />;
  if (view.status === "incomplete") {
    return (
      <Card role="alert" className="grid gap-3 p-6">
        <p className="font-semibold text-slate-900">{ERRORS[view.errorCode ?? "documents:draft_incomplete"].message}</p>
        <p className="text-sm text-slate-600">The draft did not finish, so nothing was saved as if it had.</p>
        <Button className="justify-self-start" onClick={retry}>
          Retry
        </Button>
      </Card>
    );
  }
  return <DocumentEditor key={view.id} view={view} directorName={directorName} compact={compact} />;
}

export function directorNameOf(directorId: string): string {
  return findDirector(directorId)?.name ?? "The board";
}

/**
 * Follows a drafting: the part written so far goes to the store under the document's id (known from its first
 * event, or from the start for a Retry), and the stored document to the query cache at its end.
 */
export function draftFollower(queryClient: QueryClient, options: { id?: string; onCreated?: (id: string) => void }) {
  let id = options.id ?? "";
  return (event: DraftEvent) => {
    if (event.type === "created") {
      id = event.document.id;
      setLiveDraft(id, undefined);
      options.onCreated?.(id);
    } else if (event.type === "partial") {
      setLiveDraft(id, event.body);
    } else {
      queryClient.setQueryData<DocumentView>(documentQueryKey(event.document.id), event.document);
      void queryClient.invalidateQueries({ queryKey: ["documents", "list"] });
      endLiveDraft(event.document.id);
    }
  };
}

export function DraftingCard({ directorName, body }: { directorName: string; body?: DocumentBody }) {
  return (
    <Card className="p-4 sm:p-8" aria-busy="true">
      <p role="status" className="mb-4 text-sm font-medium text-brand-700">
        {directorName} is drafting…
      </p>
      {body ? <DocumentPreview body={body} /> : <Skeleton className="h-40 w-full" />}
    </Card>
  );
}

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { findDirector } from "#shared/directors";
import type { CreateDocumentInput, DocumentBody, DocumentView, DraftEvent } from "#shared/documents";
import { ERRORS } from "#shared/errors";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { errorToast } from "../../components/ui/use-toast";
import { usePageTitle } from "../../lib/use-page-title";
import { DocumentEditor } from "./document-editor";
import { DocumentPreview } from "./document-preview";
import { documentQueryKey, retryDrafting, startDrafting, useDocument } from "./documents-api";
import { endLiveDraft, setLiveDraft, useLiveDraft } from "./drafting-store";
import "./documents.css";

/**
 * /documents/:id, a document's own screen (full screen on a phone): the drafting as it streams in, then the editor.
 * /documents/new starts a drafting from the request it was sent with, and moves to the document's address as soon as
 * the document exists, following the stream there.
 */
export function DocumentPage() {
  const { id } = useParams();
  if (id === "new") return <NewDocument />;
  return <DocumentScreen id={id ?? ""} />;
}

function directorNameOf(directorId: string): string {
  return findDirector(directorId)?.name ?? "The board";
}

/**
 * Follows a drafting: the part written so far goes to the store under the document's id (known from its first
 * event, or from the start for a Retry), and the stored document to the query cache at its end.
 */
function draftFollower(queryClient: QueryClient, options: { id?: string; onCreated?: (id: string) => void }) {
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

function NewDocument() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const request = (location.state as { draft?: CreateDocumentInput } | null)?.draft;
  const started = useRef(false);
  const [failure, setFailure] = useState<string | undefined>();
  useEffect(() => {
    if (!request || started.current) return;
    started.current = true;
    const onCreated = (id: string) => void navigate(`/documents/${id}`, { replace: true });
    startDrafting(request, draftFollower(queryClient, { onCreated })).catch((error: Error) =>
      setFailure(error.message),
    );
  }, [request, queryClient, navigate]);
  if (!request) return <Navigate to="/documents" replace />;
  return (
    <Screen title="New document" directorName={directorNameOf(request.directorId)}>
      {failure ? (
        <Card role="alert" className="p-6">
          <p className="text-slate-900">{failure}</p>
          <Button asChild variant="secondary" className="mt-4">
            <Link to="/documents">Back to your documents</Link>
          </Button>
        </Card>
      ) : (
        <DraftingCard directorName={directorNameOf(request.directorId)} />
      )}
    </Screen>
  );
}

function DocumentScreen({ id }: { id: string }) {
  const live = useLiveDraft(id);
  const query = useDocument(id);
  const queryClient = useQueryClient();
  const view = query.data;
  usePageTitle(view?.title ?? "Document");
  if (query.isError) {
    return (
      <Screen title="Document" directorName="">
        <Card role="alert" className="p-6">
          <p className="text-slate-900">{query.error.message}</p>
          <Button asChild variant="secondary" className="mt-4">
            <Link to="/documents">Back to your documents</Link>
          </Button>
        </Card>
      </Screen>
    );
  }
  if (!view) return <Screen title="" directorName="" loading />;
  const directorName = directorNameOf(view.directorId);
  const retry = () => {
    setLiveDraft(id, undefined);
    retryDrafting(id, draftFollower(queryClient, { id })).catch((error: Error) => {
      endLiveDraft(id);
      errorToast(error.message);
    });
  };
  return (
    <Screen title={view.title} directorName={directorName} documentId={id}>
      {live || view.status === "drafting" ? (
        <DraftingCard directorName={directorName} body={live?.body} />
      ) : view.status === "incomplete" ? (
        <Card role="alert" className="grid gap-3 p-6">
          <p className="font-semibold text-slate-900">
            {ERRORS[view.errorCode ?? "documents:draft_incomplete"].message}
          </p>
          <p className="text-sm text-slate-600">The draft did not finish, so nothing was saved as if it had.</p>
          <Button className="justify-self-start" onClick={retry}>
            Retry
          </Button>
        </Card>
      ) : (
        <DocumentEditor key={id} view={view} directorName={directorName} />
      )}
    </Screen>
  );
}

function DraftingCard({ directorName, body }: { directorName: string; body?: DocumentBody }) {
  return (
    <Card className="p-4 sm:p-8" aria-busy="true">
      <p role="status" className="mb-4 text-sm font-medium text-brand-700">
        {directorName} is drafting…
      </p>
      {body ? <DocumentPreview body={body} /> : <Skeleton className="h-40 w-full" />}
    </Card>
  );
}

function Screen(props: {
  title: string;
  directorName: string;
  documentId?: string;
  loading?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex-1 bg-slate-50 px-3 py-4 sm:px-6 sm:py-8">
      <div className="mx-auto grid w-full max-w-6xl gap-4">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/documents" className="text-brand-700 hover:underline">
            ← Documents
          </Link>
        </nav>
        {props.loading ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <>
            <header>
              {props.directorName ? <p className="text-sm font-semibold text-brand-700">{props.directorName}</p> : null}
              <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{props.title}</h1>
            </header>
            {props.children}
          </>
        )}
      </div>
    </div>
  );
}

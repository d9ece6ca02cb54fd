import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import type { CreateDocumentInput } from "#shared/documents";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePageTitle } from "../../lib/use-page-title";
import { DocumentArea, DraftingCard, directorNameOf, draftFollower } from "./document-area";
import { startDrafting, useDocument } from "./documents-api";
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
  const query = useDocument(id);
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
  return (
    <Screen title={view.title} directorName={directorNameOf(view.directorId)}>
      <DocumentArea view={view} />
    </Screen>
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

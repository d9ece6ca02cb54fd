import { useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Link } from "react-router";
import { findDirector } from "#shared/directors";
import { type DocumentSummary, findDocumentKind } from "#shared/documents";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmButton } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/field";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDate } from "../../lib/format-date";
import { usePageTitle } from "../../lib/use-page-title";
import { withErrorToast } from "../../lib/with-error-toast";
import { deleteDocument, renameDocument, useDocuments } from "./documents-api";
import { NewDocumentPanel } from "./new-document-panel";

/** /documents: every document the directors drafted, by director, searchable, renamable, deletable. */
export function DocumentsPage() {
  usePageTitle("Documents");
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim());
  const documents = useDocuments(query);
  const [creating, setCreating] = useState(false);
  const groups = groupByDirector(documents.data?.documents ?? []);

  return (
    <div className="flex-1 bg-slate-50 px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-brand-700">Plans, forecasts, checklists</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Documents</h1>
          </div>
          {creating ? null : <Button onClick={() => setCreating(true)}>New document</Button>}
        </header>
        {creating ? <NewDocumentPanel onClose={() => setCreating(false)} /> : null}
        <div>
          <label htmlFor="document-search" className="sr-only">
            Search documents
          </label>
          <Input
            id="document-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search documents"
          />
        </div>
        {documents.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : documents.isError ? (
          <Card role="alert" className="p-6">
            <p className="text-slate-900">{documents.error.message}</p>
          </Card>
        ) : groups.length === 0 ? (
          <Card className="p-6 text-center text-slate-600">
            {query
              ? "No document matches your search."
              : "No documents yet. Ask a director for one with New document, or turn an answer into one."}
          </Card>
        ) : (
          groups.map(([directorId, items]) => (
            <section key={directorId} aria-labelledby={`group-${directorId}`} className="grid gap-2">
              <h2 id={`group-${directorId}`} className="text-sm font-semibold text-slate-700">
                {findDirector(directorId)?.name ?? "The board"}
              </h2>
              <ul className="grid gap-2">
                {items.map((item) => (
                  <DocumentRow key={item.id} item={item} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </div>
  );
}

function groupByDirector(items: DocumentSummary[]): Array<[string, DocumentSummary[]]> {
  const groups = new Map<string, DocumentSummary[]>();
  for (const item of items) groups.set(item.directorId, [...(groups.get(item.directorId) ?? []), item]);
  return [...groups.entries()];
}

function DocumentRow({ item }: { item: DocumentSummary }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(item.title);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["documents"] });
  const rename = () =>
    withErrorToast(async () => {
      await renameDocument(item.id, title.trim());
      setRenaming(false);
      await refresh();
    });
  const remove = () =>
    withErrorToast(async () => {
      await deleteDocument(item.id);
      await refresh();
    });
  const kind = findDocumentKind(item.kind)?.name ?? (item.contentKind === "sheet" ? "Spreadsheet" : "Document");
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {renaming ? (
        <form
          className="flex flex-1 gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (title.trim()) void rename();
          }}
        >
          <label htmlFor={`title-${item.id}`} className="sr-only">
            Title
          </label>
          <Input id={`title-${item.id}`} value={title} onChange={(event) => setTitle(event.target.value)} autoFocus />
          <Button size="sm" type="submit">
            Save
          </Button>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <Link
            to={`/documents/${item.id}`}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {item.title}
          </Link>
          <p className="text-xs text-slate-600">
            {kind} · {formatDate(item.updatedAt)}
            {item.status === "complete" ? "" : item.status === "drafting" ? " · Drafting…" : " · Incomplete"}
            {item.shared ? " · Shared" : ""}
          </p>
        </div>
      )}
      {renaming ? null : (
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => setRenaming(true)} aria-label={`Rename ${item.title}`}>
            Rename
          </Button>
          <ConfirmButton
            label="Delete"
            aria-label={`Delete ${item.title}`}
            question="Delete this document?"
            description={<p>“{item.title}” and every version of it will be deleted. This cannot be undone.</p>}
            onConfirm={() => void remove()}
          />
        </div>
      )}
    </li>
  );
}

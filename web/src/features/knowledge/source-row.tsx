import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { DirectorId } from "#shared/directors";
import { FORMAT_LABELS, formatBytes, isFinished, type KnowledgeSourceItem } from "#shared/knowledge";
import { Button } from "../../components/ui/button";
import { ConfirmButton, ConfirmDialog, DialogClose } from "../../components/ui/confirm-dialog";
import { ErrorLine, Input } from "../../components/ui/field";
import { errorToast, toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format-date";
import { DirectorChoice, directorNames } from "./director-choice";
import { EditNoteDialog } from "./edit-note-dialog";
import {
  deleteSource,
  KNOWLEDGE_QUERY_KEY,
  originalUrl,
  refetchSource,
  retrySource,
  updateSource,
} from "./knowledge-api";
import { SourceStatus } from "./source-status";
import { SourceTextDialog } from "./source-text-dialog";

/** One source: what it is, where it is on its way, and what the owner can do with it. */
export function SourceRow({ source, pointedAt = false }: { source: KnowledgeSourceItem; pointedAt?: boolean }) {
  // An answer's source link leads here (/knowledge?source=…): the row is brought into view and marked.
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (pointedAt) row.current?.scrollIntoView({ block: "center" });
  }, [pointedAt]);
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [editingDirectors, setEditingDirectors] = useState(false);
  const [reading, setReading] = useState(false);
  const [editingNote, setEditingNote] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });

  async function act(run: () => Promise<unknown>) {
    setBusy(true);
    try {
      await run();
      await refresh();
    } catch (error) {
      errorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const details = [
    FORMAT_LABELS[source.format],
    source.sizeBytes > 0 ? formatBytes(source.sizeBytes) : undefined,
    source.pageCount ? `${source.pageCount} ${source.pageCount === 1 ? "page" : "pages"}` : undefined,
    source.rowCount !== null
      ? `${source.rowCount.toLocaleString()} ${source.rowCount === 1 ? "row" : "rows"}`
      : undefined,
    `added ${formatDateTime(source.createdAt)}`,
  ].filter(Boolean);

  return (
    <li
      ref={row}
      id={`source-${source.id}`}
      aria-label={source.name}
      aria-current={pointedAt ? "location" : undefined}
      className={cn(
        "grid scroll-mt-24 grid-cols-1 gap-3 p-4 sm:p-5",
        pointedAt && "bg-amber-50 ring-2 ring-amber-300 ring-inset",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {renaming ? (
            <RenameForm source={source} onDone={() => setRenaming(false)} />
          ) : (
            <p className="truncate font-semibold text-slate-900" title={source.name}>
              {source.name}
            </p>
          )}
          <p className="mt-0.5 text-sm text-slate-600">{details.join(" · ")}</p>
          {source.url && source.kind === "web" ? (
            <p className="mt-0.5 truncate text-sm text-slate-500" title={source.url}>
              {source.url}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-700">
            <span className="font-medium">Used by:</span> {directorNames(source.directorIds)}
          </p>
        </div>
        <SourceStatus source={source} />
      </div>
      {source.failure ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <span className="flex-1">{source.failure.message}</span>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => act(() => retrySource(source.id))}>
            Retry
          </Button>
        </div>
      ) : null}
      {source.truncated ? (
        <p className="text-sm text-amber-900">This was very long: only its first part is used.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {source.kind === "note" && isFinished(source.status) ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setEditingNote(true)}>
            Edit
          </Button>
        ) : null}
        {source.kind !== "note" && source.status === "ready" ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Text read from ${source.name}`}
            onClick={() => setReading(true)}
          >
            Text read
          </Button>
        ) : null}
        {source.kind === "note" ? null : (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setRenaming(true)}>
            Rename
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => setEditingDirectors(true)}>
          Directors
        </Button>
        <Button size="sm" variant="ghost" asChild>
          <a href={originalUrl(source.id)} download aria-label={`Download ${source.name}`}>
            Download
          </a>
        </Button>
        {source.kind === "web" && (source.status === "ready" || source.status === "failed") ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => act(() => refetchSource(source.id))}>
            Re-fetch
          </Button>
        ) : null}
        <ConfirmButton
          label="Delete"
          className="text-red-700"
          disabled={busy}
          question={`Delete “${source.name}”?`}
          description={<p>Your directors stop using it at once. Its original and the text read from it are removed.</p>}
          busy={busy}
          onConfirm={(close) =>
            act(async () => {
              await deleteSource(source.id);
              close();
              toast({ title: "Source deleted", description: `“${source.name}” is no longer used.` });
            })
          }
        />
      </div>

      <DirectorsDialog source={source} open={editingDirectors} onOpenChange={setEditingDirectors} />
      {source.kind === "note" ? (
        <EditNoteDialog source={source} open={editingNote} onOpenChange={setEditingNote} />
      ) : (
        <SourceTextDialog source={source} open={reading} onOpenChange={setReading} />
      )}
    </li>
  );
}

function RenameForm({ source, onDone }: { source: KnowledgeSourceItem; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(source.name);
  const [error, setError] = useState<string>();
  const id = `rename-${source.id}`;
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await updateSource(source.id, { name });
          await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
          onDone();
        } catch (failure) {
          setError(failure instanceof ApiError ? (failure.fields.name ?? failure.message) : (failure as Error).message);
        }
      }}
    >
      <label htmlFor={id} className="sr-only">
        New name
      </label>
      <div className="grid min-w-0 flex-1 gap-1">
        <Input
          id={id}
          value={name}
          autoFocus
          aria-invalid={Boolean(error)}
          onChange={(event) => setName(event.target.value)}
        />
        <ErrorLine message={error} />
      </div>
      <Button size="sm" type="submit">
        Save
      </Button>
      <Button size="sm" variant="ghost" type="button" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

function DirectorsDialog(props: { source: KnowledgeSourceItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<DirectorId[] | null>(props.source.directorIds);
  const [error, setError] = useState<string>();
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={(open) => {
        if (open) setValue(props.source.directorIds);
        setError(undefined);
        props.onOpenChange(open);
      }}
      title="Which directors may use it?"
      description={<p>{props.source.name}</p>}
    >
      <DirectorChoice id={`directors-${props.source.id}`} value={value} onChange={setValue} error={error} />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          onClick={async () => {
            if (value !== null && value.length === 0) {
              setError("Choose at least one director, or all of them.");
              return;
            }
            try {
              await updateSource(props.source.id, { directorIds: value });
              await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
              props.onOpenChange(false);
            } catch (failure) {
              setError((failure as Error).message);
            }
          }}
        >
          Save
        </Button>
      </div>
    </ConfirmDialog>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { DirectorId } from "#shared/directors";
import { ERRORS } from "#shared/errors";
import { formatBytes, KNOWLEDGE_ACCEPT, KNOWLEDGE_FILE_TYPES } from "#shared/knowledge";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { KNOWLEDGE_QUERY_KEY, uploadFile } from "./knowledge-api";

type PendingFile = { key: string; name: string; state: "uploading" | "refused"; message?: string; toPlans?: boolean };

const EXTENSIONS = Object.values(KNOWLEDGE_FILE_TYPES).flatMap((type) => type.extensions);

/**
 * Files by drag-and-drop or the file picker, several at once. Each file is
 * checked here (type, size) and sent on its own, so a bad one is refused with
 * its reason while the others go on.
 */
export function AddFiles(props: { directorIds: DirectorId[] | null; maxFileBytes: number }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const update = (key: string, change: Partial<PendingFile> | null) =>
    setPending((list) =>
      change === null
        ? list.filter((item) => item.key !== key)
        : list.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  async function add(files: File[]) {
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      const refusal = checkFile(file, props.maxFileBytes);
      setPending((list) => [
        ...list,
        { key, name: file.name, state: refusal ? "refused" : "uploading", message: refusal },
      ]);
      if (refusal) continue;
      void uploadFile(file, props.directorIds)
        .then(async () => {
          await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
          update(key, null);
        })
        .catch((error: unknown) => {
          const toPlans =
            error instanceof ApiError &&
            (error.code === "knowledge:source_limit" || error.code === "knowledge:storage_limit");
          update(key, { state: "refused", message: (error as Error).message, toPlans });
        });
    }
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    void add(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="grid gap-3">
      <section
        aria-label="Drop files here"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid place-items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
          dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50",
        )}
      >
        <p className="font-medium text-slate-900">Drag files here, or</p>
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="h-11 rounded-lg bg-brand-700 px-4 text-sm font-semibold sm:h-9 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          aria-describedby={hintId}
        >
          Choose files
        </button>
        <p id={hintId} className="text-sm text-slate-600">
          PDF, Word (DOCX), text, Markdown, CSV or HTML · up to {formatBytes(props.maxFileBytes)} each
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={KNOWLEDGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to add"
          onChange={(event) => {
            void add(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
      </section>
      {pending.length > 0 ? (
        <ul className="grid gap-2" aria-label="Files being added">
          {pending.map((item) => (
            <li
              key={item.key}
              className={cn(
                "flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm",
                item.state === "refused" ? "border-red-200 bg-red-50" : "border-slate-200 bg-white",
              )}
            >
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{item.name}</span>
              {item.state === "uploading" ? (
                <span className="text-slate-600">Uploading…</span>
              ) : (
                <span role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
                  {item.message}
                  {item.toPlans ? (
                    <Link to="/subscription" className="font-semibold underline">
                      See plans
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="rounded px-1 font-semibold text-red-900 underline"
                    onClick={() => update(item.key, null)}
                  >
                    Dismiss
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The checks the server makes too, answered at once in the browser. */
function checkFile(file: File, maxFileBytes: number): string | undefined {
  const lower = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => lower.endsWith(extension))) return ERRORS["knowledge:unsupported_type"].message;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > maxFileBytes)
    return `This file is larger than ${formatBytes(maxFileBytes)}, the most one file may be.`;
  return undefined;
}

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { DocumentBody, DocumentView } from "#shared/documents";
import { errorToast } from "../../components/ui/use-toast";
import { ApiError, api } from "../../lib/api";
import {
  announceVersion,
  askForChange,
  documentQueryKey,
  restoreVersion,
  saveDocument,
  useNewerVersion,
} from "./documents-api";

/**
 * The document being edited: the owner's working copy, the version it was made on, and the changes that make a new
 * version (save, ask the director, restore). A save made on a version that is no longer current is refused by the
 * server; the working copy stays as typed, and the owner chooses: load the latest, or save theirs on top of it. A
 * version saved in another tab is known here at once (another browser's within seconds), before any save is tried.
 */
export function useDocumentEdits(view: DocumentView) {
  const queryClient = useQueryClient();
  const [working, setWorking] = useState<DocumentBody | undefined>(view.content ?? undefined);
  const [base, setBase] = useState(view.currentVersion);
  // Bumped whenever the working copy is replaced from outside, so the editor reloads it.
  const [revision, setRevision] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState<"saving" | "changing" | "restoring" | undefined>();
  const newer = useNewerVersion(view.id, base);

  const adopt = (next: DocumentView) => {
    queryClient.setQueryData(documentQueryKey(next.id), next);
    void queryClient.invalidateQueries({ queryKey: ["documents", "list"] });
    setWorking(next.content ?? undefined);
    setBase(next.currentVersion);
    setRevision((value) => value + 1);
    setDirty(false);
    setConflict(false);
    announceVersion(next.id, next.currentVersion);
  };

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<DocumentView>): Promise<boolean> => {
    setBusy(kind);
    try {
      adopt(await action());
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.code === "conflict:document_version") setConflict(true);
      else errorToast((error as Error).message);
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  return {
    working,
    base,
    revision: `${view.id}:${revision}`,
    dirty,
    conflict,
    /** A version newer than the one being edited, saved in another tab or window. */
    newer,
    busy,
    edit(body: DocumentBody) {
      setWorking(body);
      setDirty(true);
    },
    save: () => (working ? run("saving", () => saveDocument(view.id, base, working)) : Promise.resolve(false)),
    /** After a conflict: the owner's copy saved as the newest version, on top of the one the other tab saved. */
    async saveOnLatest() {
      if (!working) return false;
      const latest = await api<DocumentView>(`/api/documents/${view.id}`);
      return run("saving", () => saveDocument(view.id, latest.currentVersion, working));
    },
    /** After a conflict: the other tab's version, in place of the owner's unsaved copy. */
    async loadLatest() {
      adopt(await api<DocumentView>(`/api/documents/${view.id}`));
    },
    ask: (selection: string, instruction: string) =>
      run("changing", () => askForChange(view.id, { baseVersion: base, selection, instruction })),
    restore: (number: number) => run("restoring", () => restoreVersion(view.id, base, number)),
  };
}

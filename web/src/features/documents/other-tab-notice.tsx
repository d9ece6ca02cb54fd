import { useState } from "react";
import type { DocumentBody, DocumentView } from "#shared/documents";
import { ERRORS } from "#shared/errors";
import { Button } from "../../components/ui/button";
import { api } from "../../lib/api";
import { withErrorToast } from "../../lib/with-error-toast";
import { bodyLines } from "./body-lines";
import { DiffList } from "./diff-list";
import { type DiffLine, diffLines } from "./line-diff";

/**
 * Another tab or window saved a version of this document: said as soon as it is known (or when a save was refused
 * for it), with what the owner can do. Nothing is replaced until they choose: compare the latest with what is on
 * screen, load the latest, or save theirs as a new version on top of it.
 */
export function OtherTabNotice(props: {
  documentId: string;
  /** The newer version's number, when known before any save was tried. */
  newer: number | undefined;
  /** A save was refused because of it. */
  conflict: boolean;
  dirty: boolean;
  working: DocumentBody;
  onLoadLatest: () => void;
  onSaveMine: () => void;
}) {
  const [compared, setCompared] = useState<DiffLine[] | undefined>();
  if (!props.conflict && props.newer === undefined) return null;
  const compare = () =>
    withErrorToast(async () => {
      const latest = await api<DocumentView>(`/api/documents/${props.documentId}`);
      if (latest.content) setCompared(diffLines(bodyLines(latest.content), bodyLines(props.working)));
    });
  const message =
    props.conflict || props.dirty
      ? ERRORS["conflict:document_version"].message
      : `Version ${props.newer} was saved in another tab or window. Load it to see it here.`;
  return (
    // Not a Card: its white background would win over the amber one.
    <div role="alert" className="grid gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm">
      <p className="text-sm text-slate-900">{message}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={props.onLoadLatest}>
          Load the latest version
        </Button>
        {props.dirty ? (
          <Button size="sm" variant="secondary" onClick={props.onSaveMine}>
            Save mine as a new version
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => (compared ? setCompared(undefined) : void compare())}>
          {compared ? "Hide the comparison" : "Compare with the latest"}
        </Button>
      </div>
      {compared ? <DiffList label="Changes from the latest version to this screen" lines={compared} /> : null}
    </div>
  );
}

import { useState } from "react";
import type { DocumentBody, DocumentVersionSummary } from "#shared/documents";
import { Button } from "../../components/ui/button";
import { formatDateTime } from "../../lib/format-date";
import { withErrorToast } from "../../lib/with-error-toast";
import { bodyLines } from "./body-lines";
import { DiffList } from "./diff-list";
import { readVersion } from "./documents-api";
import { type DiffLine, diffLines } from "./line-diff";
import { SidePanel } from "./side-panel";

/** Every version, newest first: compare one with the current version, or restore it (as a new version). */
export function VersionsPanel(props: {
  documentId: string;
  versions: DocumentVersionSummary[];
  current: DocumentBody;
  currentNumber: number;
  directorName: string;
  busy: boolean;
  onRestore: (number: number) => void;
}) {
  const [compared, setCompared] = useState<{ number: number; lines: DiffLine[] } | undefined>();
  const compare = (number: number) =>
    withErrorToast(async () => {
      const version = await readVersion(props.documentId, number);
      setCompared({ number, lines: diffLines(bodyLines(version.content), bodyLines(props.current)) });
    });
  return (
    <SidePanel id="versions" title="Versions">
      <ol className="grid gap-2">
        {props.versions.map((version) => (
          <li key={version.number} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-medium text-slate-900">
              Version {version.number}
              {version.number === props.currentNumber ? (
                <span className="ml-2 text-xs text-brand-700">Current</span>
              ) : null}
            </p>
            <p className="text-slate-600">
              {version.note} · {version.author === "owner" ? "You" : props.directorName} ·{" "}
              {formatDateTime(version.createdAt)}
            </p>
            {version.number === props.currentNumber ? null : (
              <div className="mt-2 flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => void compare(version.number)}>
                  Compare
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={props.busy}
                  onClick={() => props.onRestore(version.number)}
                >
                  Restore version {version.number}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {compared ? (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">Version {compared.number} → current</h3>
            <Button size="sm" variant="ghost" onClick={() => setCompared(undefined)}>
              Close
            </Button>
          </div>
          <DiffList label={`Changes from version ${compared.number}`} lines={compared.lines} />
        </div>
      ) : null}
    </SidePanel>
  );
}

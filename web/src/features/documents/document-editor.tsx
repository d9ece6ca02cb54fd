import { Suspense, useMemo, useState } from "react";
import type { AnswerSource } from "#shared/answer-sources";
import { type Assumption, type DocumentBody, type DocumentView, exportFormatsFor } from "#shared/documents";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { lazyNamed } from "../../lib/lazy-named";
import { AssumptionsPanel } from "./assumptions-panel";
import { bodyLines } from "./body-lines";
import { ChangeRequest } from "./change-request";
import { exportAddress } from "./documents-api";
import { OtherTabNotice } from "./other-tab-notice";
import { RichEditor } from "./rich-editor";
import { ShareControl } from "./share-control";
import { SheetGrid } from "./sheet-grid";
import { SourcesList } from "./sources-list";
import { useDocumentEdits } from "./use-document-edits";
import { VersionsPanel } from "./versions-panel";

const SourceDialog = lazyNamed(() => import("../../components/source-dialog"), "SourceDialog");

const FORMAT_LABELS = { docx: "Word (.docx)", pdf: "PDF", xlsx: "Excel (.xlsx)", csv: "CSV", md: "Markdown" } as const;

/** A drafted document: edited in place, saved as versions, changed by the director on request, exported. */
export function DocumentEditor(props: { view: DocumentView; directorName: string; compact?: boolean }) {
  const { view, directorName } = props;
  const edits = useDocumentEdits(view);
  const [selection, setSelection] = useState("");
  const [opened, setOpened] = useState<AnswerSource | undefined>();
  const sources = view.content?.sources ?? [];
  const cited = useMemo(() => new Set(sources.filter((source) => source.cited).map((source) => source.n)), [sources]);
  const openSource = (n: number) => setOpened(sources.find((source) => source.n === n));
  const { working } = edits;
  if (!working || !view.content) return null;
  const unsavedReason = edits.dirty ? "Save your edits first." : undefined;

  return (
    // In the pane beside a conversation everything stacks in one column, as on a phone.
    <div className={cn("grid grid-cols-1 gap-6", !props.compact && "lg:grid-cols-[minmax(0,1fr)_20rem]")}>
      <div className="grid min-w-0 content-start gap-4">
        <OtherTabNotice
          documentId={view.id}
          newer={edits.newer}
          conflict={edits.conflict}
          dirty={edits.dirty}
          working={working}
          onLoadLatest={() => void edits.loadLatest()}
          onSaveMine={() => void edits.saveOnLatest()}
        />
        <Card className="min-w-0 p-4 sm:p-8">
          {working.kind === "rich" ? (
            <RichEditor
              doc={working.doc}
              revision={edits.revision}
              cited={cited}
              onChange={(doc) => edits.edit({ kind: "rich", doc })}
              onSelect={setSelection}
              onCite={openSource}
            />
          ) : (
            <SheetGrid
              sheet={working.sheet}
              onChange={(sheet) => edits.edit({ kind: "sheet", sheet })}
              onSelect={setSelection}
            />
          )}
        </Card>
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => void edits.save()} disabled={!edits.dirty || edits.busy !== undefined}>
            {edits.busy === "saving" ? "Saving…" : edits.dirty ? "Save version" : "Saved"}
          </Button>
          <span className="text-sm text-slate-600" aria-live="polite">
            {edits.dirty ? "Unsaved changes" : `Version ${edits.base}`}
          </span>
        </div>
        <ChangeRequest
          directorName={directorName}
          selection={selection}
          busy={edits.busy === "changing"}
          disabledReason={unsavedReason}
          onAsk={(instruction) => edits.ask(selection, instruction)}
        />
      </div>
      <aside className="grid content-start gap-6">
        <section aria-labelledby="export-heading" className="grid gap-2">
          <h2 id="export-heading" className="text-sm font-semibold text-slate-900">
            Export
          </h2>
          <div className="flex flex-wrap gap-2">
            {exportFormatsFor(view.contentKind).map((format) => (
              <Button key={format} asChild size="sm" variant="secondary">
                <a href={exportAddress(view.id, format)} download>
                  {FORMAT_LABELS[format]}
                </a>
              </Button>
            ))}
          </div>
          {edits.dirty ? <p className="text-xs text-slate-600">Exports the saved version.</p> : null}
        </section>
        <ShareControl documentId={view.id} token={view.shareToken} />
        <AssumptionsPanel
          documentId={view.id}
          assumptions={view.content.assumptions}
          directorName={directorName}
          busy={edits.busy !== undefined || edits.dirty}
          onUpdate={(assumption: Assumption, value) =>
            void edits.ask(assumption.text, `Use the real value: ${assumption.text} is really ${value}.`)
          }
        />
        <SourcesList sources={sources} onOpen={setOpened} />
        <VersionsPanel
          documentId={view.id}
          versions={view.versions}
          current={view.content}
          currentNumber={view.currentVersion}
          directorName={directorName}
          busy={edits.busy !== undefined || edits.dirty}
          onRestore={(number) => void edits.restore(number)}
        />
      </aside>
      {opened ? (
        <Suspense fallback={null}>
          <SourceDialog source={opened} answer={plainText(working)} onClose={() => setOpened(undefined)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The document's text, for marking the sentences of an excerpt it drew on. */
function plainText(body: DocumentBody): string {
  return bodyLines(body).join("\n");
}

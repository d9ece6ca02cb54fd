import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { DirectorId } from "#shared/directors";
import { formatBytes, type KnowledgeUsage } from "#shared/knowledge";
import { PageColumn } from "../../components/page-column";
import { PageData } from "../../components/page-data";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { LoadingBlocks } from "../../components/ui/loading-blocks";
import { cn } from "../../lib/cn";
import { AddFiles } from "./add-files";
import { AddNote } from "./add-note";
import { AddWebPage } from "./add-web-page";
import { DirectorChoice } from "./director-choice";
import { useKnowledge } from "./knowledge-api";
import { SourceRow } from "./source-row";

const TABS = [
  { id: "files", label: "Files" },
  { id: "web", label: "Web page" },
  { id: "note", label: "Note" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/** /knowledge: Level 2 training. The owner's documents, web pages and notes become their directors' knowledge. */
export function KnowledgePage() {
  const knowledge = useKnowledge();
  const pointedAt = useSearchParams()[0].get("source");
  const [tab, setTab] = useState<Tab>("files");
  const [directorIds, setDirectorIds] = useState<DirectorId[] | null>(null);

  return (
    <PageColumn width="max-w-4xl">
      <PageHeader
        className="max-w-2xl"
        eyebrow="Documents, web pages and notes"
        title="Knowledge"
        description="Add your price lists, plans, procedures, spreadsheets and web pages. Your directors read them and use the relevant passages when they answer you."
      />

      <PageData query={knowledge} loading={<KnowledgeSkeleton />} failedTitle="We could not load your knowledge.">
        {(data) => (
          <>
            <Usage usage={data.usage} hasPlan={data.planId !== null} />
            {data.planId === null ? null : (
              <Card className="grid grid-cols-1 gap-5 p-4 sm:p-6">
                <h2 className="text-lg font-semibold text-slate-900">Add knowledge</h2>
                <div role="tablist" aria-label="What to add" className="flex gap-1 rounded-lg bg-slate-100 p-1">
                  {TABS.map((item) => (
                    <button
                      key={item.id}
                      type="button"
                      role="tab"
                      id={`tab-${item.id}`}
                      aria-selected={tab === item.id}
                      aria-controls={`panel-${item.id}`}
                      onClick={() => setTab(item.id)}
                      className={cn(
                        "h-11 flex-1 rounded-md px-3 text-sm font-medium transition-colors sm:h-9",
                        tab === item.id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
                      )}
                    >
                      {item.label}
                    </button>
                  ))}
                </div>
                {/* Every panel stays mounted, so switching tabs loses neither a half-written note nor a refused file's reason. */}
                <div role="tabpanel" id="panel-files" aria-labelledby="tab-files" hidden={tab !== "files"}>
                  <AddFiles directorIds={directorIds} maxFileBytes={data.usage.limits.fileBytes} />
                </div>
                <div role="tabpanel" id="panel-web" aria-labelledby="tab-web" hidden={tab !== "web"}>
                  <AddWebPage directorIds={directorIds} />
                </div>
                <div role="tabpanel" id="panel-note" aria-labelledby="tab-note" hidden={tab !== "note"}>
                  <AddNote directorIds={directorIds} />
                </div>
                <DirectorChoice id="new-source-directors" value={directorIds} onChange={setDirectorIds} />
              </Card>
            )}
            <section aria-labelledby="sources-heading" className="grid grid-cols-1 gap-3">
              <h2 id="sources-heading" className="text-lg font-semibold text-slate-900">
                Your sources
              </h2>
              {data.sources.length === 0 ? (
                <Card className="p-6 text-center text-sm text-slate-600">
                  Nothing here yet. Add a document, a web page or a note above.
                </Card>
              ) : (
                <Card className="p-0">
                  <ul className="divide-y divide-slate-200">
                    {data.sources.map((source) => (
                      <SourceRow key={source.id} source={source} pointedAt={source.id === pointedAt} />
                    ))}
                  </ul>
                </Card>
              )}
            </section>
          </>
        )}
      </PageData>
    </PageColumn>
  );
}

/** Usage against the plan's limits, with the way to more room. */
function Usage({ usage, hasPlan }: { usage: KnowledgeUsage; hasPlan: boolean }) {
  if (!hasPlan) {
    return (
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <p className="text-sm text-slate-700">Choose a plan to add knowledge for your directors.</p>
        <Button asChild size="sm">
          <Link to="/subscription">Choose a plan</Link>
        </Button>
      </Card>
    );
  }
  const { limits } = usage;
  const share = Math.max(usage.sources / limits.sources, usage.bytes / limits.bytes);
  const full = usage.sources >= limits.sources || usage.bytes >= limits.bytes;
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">
            {usage.sources} of {limits.sources}
          </span>{" "}
          sources ·{" "}
          <span className="font-semibold text-slate-900">
            {formatBytes(usage.bytes)} of {formatBytes(limits.bytes)}
          </span>{" "}
          used
        </p>
        <Link
          to="/subscription"
          className="-my-3 inline-flex h-11 items-center font-medium text-brand-700 hover:underline sm:my-0 sm:h-auto"
        >
          {full ? "Upgrade for more room" : "Plan limits"}
        </Link>
      </div>
      <div
        role="progressbar"
        aria-label="Knowledge storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn("h-full rounded-full", full ? "bg-red-600" : "bg-brand-600")}
          style={{ width: `${Math.min(100, Math.round(share * 100))}%` }}
        />
      </div>
    </Card>
  );
}

function KnowledgeSkeleton() {
  return (
    <LoadingBlocks
      className="grid gap-4"
      blocks={["h-16 w-full rounded-xl", "h-48 w-full rounded-xl", "h-24 w-full rounded-xl"]}
    />
  );
}

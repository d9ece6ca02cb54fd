import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type AnswerSource, splitCitations } from "#shared/answer-sources";
import { findDirector } from "#shared/directors";
import type { WeeklyBrief } from "#shared/numbers";
import { periodLabel } from "#shared/periods";
import { DirectorAvatar } from "../../components/director-avatar";
import { PageColumn } from "../../components/page-column";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { errorToast } from "../../components/ui/use-toast";
import { usePageTitle } from "../../lib/use-page-title";
import { discussBrief, useBriefs } from "./numbers-api";

/**
 * "This week": each trained director's brief on the week just finished, with its sources and "Discuss"; under them,
 * the month's briefs when the owner keeps monthly numbers.
 */
export function ThisWeekPage() {
  usePageTitle("This week");
  const briefs = useBriefs();

  return (
    <PageColumn width="max-w-3xl">
      <PageHeader
        eyebrow={
          <Link to="/numbers" className="hover:underline">
            Numbers
          </Link>
        }
        title="This week"
        description={
          briefs.data?.period
            ? `Your directors' briefs on the ${periodLabel(briefs.data.period, "weekly").replace(/^Week/, "week")}.`
            : "After your check-in, each trained director writes a short brief: what moved, one risk, one action."
        }
      />
      {briefs.isPending ? (
        <div aria-busy="true" className="grid gap-4">
          <span className="sr-only">Loading...</span>
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : briefs.isError ? (
        <Card role="alert" className="p-6 text-center text-sm text-slate-700">
          {briefs.error.message}
        </Card>
      ) : briefs.data.briefs.length === 0 ? (
        <Card className="p-6 text-center text-sm text-slate-600">
          No briefs yet.{" "}
          <Link to="/numbers" className="font-medium text-brand-700 hover:underline">
            Check in your numbers
          </Link>{" "}
          and your directors write theirs.
        </Card>
      ) : (
        briefs.data.briefs.map((brief) => <BriefCard key={brief.id} brief={brief} />)
      )}
      {briefs.data?.month ? (
        <section aria-labelledby="this-month" className="mt-4 grid grid-cols-1 gap-6">
          <header>
            <h2 id="this-month" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              This month
            </h2>
            <p className="mt-2 text-slate-600">
              Your directors' briefs on {periodLabel(briefs.data.month.period, "monthly")}, from your monthly numbers.
            </p>
          </header>
          {briefs.data.month.briefs.map((brief) => (
            <BriefCard key={brief.id} brief={brief} />
          ))}
        </section>
      ) : null}
    </PageColumn>
  );
}

function BriefCard({ brief }: { brief: WeeklyBrief }) {
  const director = findDirector(brief.directorId);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  if (!director) return null;
  const headingId = `brief-${brief.id}`;

  const discuss = async () => {
    setOpening(true);
    try {
      const chat = await discussBrief(brief.id);
      navigate(`/chat?director=${chat.directorId}&conversation=${chat.conversationId}`, {
        state: { selectedDirector: chat.directorId },
      });
    } catch (error) {
      setOpening(false);
      errorToast((error as Error).message);
    }
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-6" role="article" aria-labelledby={headingId}>
      <div className="flex items-center gap-3">
        <DirectorAvatar director={director} />
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {director.name}'s {brief.cadence === "monthly" ? "monthly brief" : "brief"}
          </h2>
          <p className="text-sm text-slate-600">{director.title}</p>
        </div>
      </div>
      {brief.status !== "ready" || !brief.content ? (
        <p className="text-sm text-slate-600" role="status">
          Being written. It appears here as soon as it is ready.
        </p>
      ) : (
        <>
          <dl className="grid gap-3 text-sm leading-relaxed text-slate-800">
            <BriefPart label="What moved" text={brief.content.moved} sources={brief.sources} anchor={brief.id} />
            <BriefPart label="One risk" text={brief.content.risk} sources={brief.sources} anchor={brief.id} />
            <BriefPart
              label={brief.cadence === "monthly" ? "One action this month" : "One action this week"}
              text={brief.content.action}
              sources={brief.sources}
              anchor={brief.id}
            />
          </dl>
          <CitedSources sources={brief.sources} anchor={brief.id} />
          <div>
            <Button onClick={() => void discuss()} disabled={opening} aria-label={`Discuss with ${director.name}`}>
              {opening ? "Opening..." : "Discuss"}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** `anchor` keeps each brief's source links to its own list: two briefs both have a source 1. */
function BriefPart(props: { label: string; text: string; sources: AnswerSource[]; anchor: string }) {
  const known = new Set(props.sources.map((source) => source.n));
  return (
    <div>
      <dt className="font-semibold text-slate-900">{props.label}</dt>
      <dd>
        {splitCitations(props.text, known).map((segment, index) =>
          "cite" in segment ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed text
            <sup key={index} className="ml-0.5 font-semibold text-brand-700">
              <a href={`#source-${props.anchor}-${segment.cite}`} aria-label={`source ${segment.cite}`}>
                [{segment.cite}]
              </a>
            </sup>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed text
            <span key={index}>{segment.text}</span>
          ),
        )}
      </dd>
    </div>
  );
}

/** The sources the brief cites, each with what it said then. */
function CitedSources({ sources, anchor }: { sources: AnswerSource[]; anchor: string }) {
  const cited = sources.filter((source) => source.cited);
  if (cited.length === 0) return null;
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Sources</p>
      <ol className="mt-2 grid gap-1.5 text-sm text-slate-700">
        {cited.map((source) => (
          <li key={source.n} id={`source-${anchor}-${source.n}`} className="wrap-anywhere">
            <span className="font-semibold">[{source.n}]</span> {source.name}
            {source.where ? `: ${source.where}` : ""} — <span className="text-slate-600">{source.excerpt}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

import { useState } from "react";
import { type AnswerSource, NO_CONTEXT_LINE, splitCitations } from "#shared/answer-sources";
import { cn } from "../../lib/cn";
import { sourceLabel } from "../../lib/source-label";

/**
 * What an answer stood on, on screen: its citation markers as small links,
 * a "Sources" row under it (the cited ones, and folded, what else it was
 * given); the marker's button and the excerpt it opens are in components/ (documents show them too).
 */

/** Markdown with each citation of a known block as a link (#cite-n) and every other marker dropped. */
export function citedMarkdown(text: string, sources: readonly AnswerSource[]): string {
  const known = new Set(sources.map((source) => source.n));
  return splitCitations(text, known)
    .map((segment) => ("cite" in segment ? `[${segment.cite}](#cite-${segment.cite})` : segment.text))
    .join("");
}

/** Under a finished answer: what it cited, what else it was given (folded), or the quiet line when it used nothing. */
export function SourcesRow(props: { sources: AnswerSource[]; onOpen: (source: AnswerSource) => void }) {
  const [showAll, setShowAll] = useState(false);
  const cited = props.sources.filter((source) => source.cited);
  const others = props.sources.filter((source) => !source.cited);
  if (cited.length === 0) {
    return <p className="px-1 text-xs text-slate-500 italic">{NO_CONTEXT_LINE}</p>;
  }
  return (
    <section aria-label="Sources" className="grid w-full min-w-0 grid-cols-1 gap-1.5 px-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <h3 className="text-xs font-semibold text-slate-600">Sources</h3>
        {cited.map((source) => (
          <SourceChip key={source.n} source={source} onOpen={props.onOpen} />
        ))}
        {others.length > 0 ? (
          <button
            type="button"
            aria-expanded={showAll}
            onClick={() => setShowAll((shown) => !shown)}
            className="rounded-md px-1.5 py-0.5 text-xs text-slate-500 underline-offset-2 hover:text-slate-800 hover:underline"
          >
            {showAll ? "Hide the rest" : `Also provided (${others.length})`}
          </button>
        ) : null}
      </div>
      {showAll ? (
        <ul aria-label="Also provided" className="flex min-w-0 flex-wrap gap-1.5">
          {others.map((source) => (
            <li key={source.n} className="min-w-0 max-w-full">
              <SourceChip source={source} onOpen={props.onOpen} muted />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SourceChip(props: { source: AnswerSource; onOpen: (source: AnswerSource) => void; muted?: boolean }) {
  const { source } = props;
  return (
    <button
      type="button"
      onClick={() => props.onOpen(source)}
      className={cn(
        "inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
        props.muted ? "border-slate-200 text-slate-600" : "border-brand-200 bg-white text-slate-800",
      )}
    >
      <span className="font-semibold text-brand-800">{source.n}</span>
      <span className="truncate">{sourceLabel(source)}</span>
      {source.state && source.state !== "current" ? (
        <span className="text-amber-700">· {source.state === "removed" ? "removed" : "changed"}</span>
      ) : null}
    </button>
  );
}

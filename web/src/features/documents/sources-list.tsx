import type { AnswerSource } from "#shared/answer-sources";
import { sourceLabel } from "../../lib/source-label";
import { SidePanel } from "./side-panel";

/** The blocks the document cites, by number: what [2] stands on, as it was when drafted; each opens its excerpt. */
export function SourcesList(props: { sources: AnswerSource[]; onOpen: (source: AnswerSource) => void }) {
  const cited = props.sources.filter((source) => source.cited);
  if (cited.length === 0) return null;
  return (
    <SidePanel id="sources" title="Sources" className="grid gap-2">
      <ol className="grid gap-1.5">
        {cited.map((source) => (
          <li key={source.n}>
            <button
              type="button"
              onClick={() => props.onOpen(source)}
              className="flex min-h-9 w-full items-baseline gap-2 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-left text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
            >
              <span className="font-semibold text-brand-800">{source.n}</span>
              <span className="min-w-0 wrap-anywhere">{sourceLabel(source)}</span>
            </button>
          </li>
        ))}
      </ol>
    </SidePanel>
  );
}

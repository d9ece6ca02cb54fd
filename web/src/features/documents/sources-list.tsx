import type { AnswerSource } from "#shared/answer-sources";

/** The blocks the document cites, by number: what [2] stands on, as it was when drafted. */
export function SourcesList({ sources }: { sources: AnswerSource[] }) {
  const cited = sources.filter((source) => source.cited);
  if (cited.length === 0) return null;
  return (
    <section aria-labelledby="sources-heading" className="grid gap-2">
      <h2 id="sources-heading" className="text-sm font-semibold text-slate-900">
        Sources
      </h2>
      <ol className="grid gap-2">
        {cited.map((source) => (
          <li key={source.n} className="text-sm">
            <details className="rounded-lg border border-slate-200 bg-white p-2">
              <summary className="cursor-pointer text-slate-900">
                [{source.n}] {source.name}
                {source.where ? <span className="text-slate-600"> · {source.where}</span> : null}
              </summary>
              <p className="mt-1 text-slate-600">{source.excerpt}</p>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

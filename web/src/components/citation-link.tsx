import type { AnswerSource } from "#shared/answer-sources";
import { sourceLabel } from "../lib/source-label";

/** The small button a citation marker [n] becomes in an answer or a document: it opens the cited excerpt. */
export function CitationLink(props: { source: AnswerSource; onOpen: (source: AnswerSource) => void }) {
  const { source } = props;
  return (
    <button
      type="button"
      onClick={() => props.onOpen(source)}
      aria-label={`Source ${source.n}: ${sourceLabel(source)}`}
      className="mx-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-md bg-brand-50 px-1 align-text-top text-[0.7rem] font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
    >
      {source.n}
    </button>
  );
}

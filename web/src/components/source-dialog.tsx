import { Dialog } from "radix-ui";
import { Link } from "react-router";
import type { AnswerSource } from "#shared/answer-sources";
import { whereText } from "../lib/source-label";

/** The excerpt an answer (or a document) was given, the passage it drew on highlighted, and the way to the source. */
export function SourceDialog(props: { source: AnswerSource | undefined; answer: string; onClose: () => void }) {
  const { source } = props;
  return (
    <Dialog.Root open={source !== undefined} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[85dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          {source ? (
            <>
              <div className="grid gap-1">
                <p className="text-xs font-medium text-slate-500">Source {source.n}</p>
                <Dialog.Title className="text-lg font-semibold wrap-anywhere text-slate-900">
                  {source.name}
                </Dialog.Title>
                {source.where ? <p className="text-sm text-slate-600">{whereText(source)}</p> : null}
              </div>
              {source.state === "removed" || source.state === "changed" ? (
                <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {source.state === "removed"
                    ? "This source has since been removed. This is what the answer was given at the time."
                    : "This source has changed since. This is what the answer was given at the time."}
                </p>
              ) : null}
              <Dialog.Description asChild>
                <blockquote className="max-h-[45dvh] overflow-y-auto rounded-lg border-l-4 border-brand-300 bg-slate-50 px-4 py-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-700">
                  <Highlighted excerpt={source.excerpt} answer={props.answer} n={source.n} />
                </blockquote>
              </Dialog.Description>
              <div className="flex flex-wrap items-center justify-end gap-2">
                {source.state !== "removed" ? <GoToSource source={source} onGo={props.onClose} /> : null}
                <Dialog.Close className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50">
                  Close
                </Dialog.Close>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function GoToSource(props: { source: AnswerSource; onGo: () => void }) {
  const { source } = props;
  const target =
    source.kind === "document" && source.sourceId
      ? { to: `/knowledge?source=${encodeURIComponent(source.sourceId)}`, label: "Open in Knowledge" }
      : source.kind === "profile"
        ? { to: "/settings#business-profile", label: "Open your business profile" }
        : source.kind === "training" && source.directorId
          ? { to: `/train-director/${source.directorId}`, label: `Open ${source.name}` }
          : source.kind === "memory" && source.factId
            ? { to: "/settings#what-your-directors-know", label: "Open what your directors know" }
            : source.kind === "number"
              ? { to: "/numbers", label: "Open your numbers" }
              : undefined;
  if (!target) return null;
  return (
    <Link
      to={target.to}
      onClick={props.onGo}
      className="inline-flex h-9 items-center rounded-lg bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800"
    >
      {target.label}
    </Link>
  );
}

/**
 * The excerpt with the sentences the answer drew on marked: those sharing the
 * most words with the answer's sentences that cite this block.
 */
function Highlighted(props: { excerpt: string; answer: string; n: number }) {
  const citing = props.answer
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => new RegExp(`\\[[\\d,\\s]*\\b${props.n}\\b[\\d,\\s]*\\]`).test(sentence));
  const wanted = wordsOf(citing.join(" "));
  const sentences = props.excerpt.split(/(?<=[.!?;])\s+|(?=\n)/);
  const scores = sentences.map((sentence) => {
    const words = wordsOf(sentence);
    let shared = 0;
    for (const word of words) if (wanted.has(word)) shared += 1;
    return shared;
  });
  const best = Math.max(0, ...scores);
  if (best < 2) return <mark className="bg-amber-100 text-slate-900">{props.excerpt}</mark>;
  return (
    <>
      {sentences.map((sentence, index) => {
        const key = `${index}-${sentence.length}`;
        const gap = index > 0 && !sentence.startsWith("\n") ? " " : "";
        return scores[index] === best ? (
          <span key={key}>
            {gap}
            <mark className="rounded-sm bg-amber-100 text-slate-900">{sentence}</mark>
          </span>
        ) : (
          <span key={key}>
            {gap}
            {sentence}
          </span>
        );
      })}
    </>
  );
}

const SHORT_WORDS = new Set(["the", "and", "for", "you", "your", "our", "are", "with", "that", "this", "from", "have"]);

function wordsOf(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}£$€%.]+/gu) ?? [])
      .map((word) => word.replace(/\.$/, ""))
      .filter((word) => word.length > 2 && !SHORT_WORDS.has(word)),
  );
}

import type { DirectorKnowledge } from "#shared/key-fact-status";
import { findKeyFact } from "#shared/key-facts";
import { KeyFactCount } from "../../components/key-fact-count";

/**
 * On /select-department: how complete the director's picture is, with the
 * missing facts named; before training, how much of it training covers.
 */
export function KnowledgeSummary(props: {
  director: { name: string };
  knowledge: DirectorKnowledge;
  trained: boolean;
}) {
  const { director, knowledge } = props;
  const missingFacts = knowledge.facts.filter((fact) => fact.status === "missing");
  const missing = missingFacts.map((fact) => fact.label);
  const shown = missing.slice(0, 4);
  const coveredByTraining = missingFacts.filter((fact) => findKeyFact(fact.id)?.training).length;
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <p className="font-medium text-slate-900">
          {director.name} knows {knowledge.known} of {knowledge.total} key facts
        </p>
        <KeyFactCount knowledge={knowledge} className="text-brand-700" />
      </div>
      {!props.trained && coveredByTraining > 0 ? (
        <p className="mt-1 text-xs leading-relaxed text-slate-600">Training covers {coveredByTraining} of them.</p>
      ) : missing.length > 0 ? (
        <p className="mt-1 text-xs leading-relaxed text-slate-600">
          Missing: {shown.join(", ")}
          {missing.length > shown.length ? ` and ${missing.length - shown.length} more` : ""}
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-600">Nothing missing.</p>
      )}
    </div>
  );
}

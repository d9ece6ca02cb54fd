import { useState } from "react";
import type { Director } from "#shared/directors";
import type { DirectorKnowledge, KeyFactState } from "#shared/key-fact-status";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { checkIcon } from "../../components/ui/page-icons";
import { formatDate } from "../../lib/format-date";
import { FactAsk } from "./fact-ask";

const GROUPS = [
  { status: "missing", title: "Missing", action: "Answer" },
  { status: "stale", title: "May be out of date", action: "Update" },
  { status: "thin", title: "Could say more", action: "Add detail" },
] as const;

const FROM_TEXT: Record<NonNullable<KeyFactState["from"]>["kind"], string> = {
  profile: "your business profile",
  training: "your training answers",
  fact: "what you told",
  knowledge: "your documents and notes",
};

/**
 * A director's key facts: the missing ones first, then the stale and the thin
 * ones, each answered in one field right here; then what it knows.
 */
export function KeyFactList({ director, knowledge }: { director: Director; knowledge: DirectorKnowledge }) {
  const [answering, setAnswering] = useState<string | undefined>();
  const known = knowledge.facts.filter((fact) => fact.status === "known");
  return (
    <div className="grid gap-4">
      {GROUPS.map((group) => {
        const facts = knowledge.facts.filter((fact) => fact.status === group.status);
        if (facts.length === 0) return null;
        return (
          <section key={group.status} aria-label={`${group.title} (${director.name})`}>
            <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.title} · {facts.length}
            </h4>
            <ul className="mt-1.5 grid gap-1.5">
              {facts.map((fact) => (
                <li key={fact.id} className="grid gap-1.5">
                  <div className="flex items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="text-sm font-medium text-slate-900">{fact.label}</p>
                      {fact.from ? (
                        <p className="text-xs text-slate-600">
                          {group.status === "thin" ? "Only a few words in " : "From "}
                          {FROM_TEXT[fact.from.kind]}
                          {fact.from.kind === "fact" ? ` ${director.name}` : ""}, {formatDate(fact.from.date)}
                        </p>
                      ) : null}
                    </div>
                    {answering === fact.id ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        className="h-8 shrink-0"
                        aria-label={`${group.action}: ${fact.label}`}
                        onClick={() => setAnswering(fact.id)}
                      >
                        {group.action}
                      </Button>
                    )}
                  </div>
                  {answering === fact.id ? (
                    <FactAsk
                      director={director}
                      ask={{ keyFact: fact.id, label: fact.label, question: fact.ask, placeholder: fact.placeholder }}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {known.length > 0 ? (
        <section aria-label={`Known (${director.name})`}>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Known · {known.length}</h4>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {known.map((fact) => (
              <li
                key={fact.id}
                className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-900"
              >
                <Icon drawing={checkIcon} className="h-3 w-3" />
                {fact.label}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

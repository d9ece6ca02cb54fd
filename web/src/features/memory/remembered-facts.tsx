import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { DirectorId } from "#shared/directors";
import type { RememberedFact } from "#shared/memory";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { FactForm } from "./fact-form";
import { FactItem } from "./fact-item";
import { addFact, refreshKnowledge } from "./memory-api";

/**
 * The facts the directors remember, newest first, each with where and when it
 * came from; the ones noted in conversations that wait for the owner's say;
 * and a fact added by hand.
 */
export function RememberedFacts(props: {
  facts: RememberedFact[];
  proposed: RememberedFact[];
  directors: readonly DirectorId[];
}) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-5">
      {props.proposed.length > 0 ? (
        <section aria-labelledby="facts-waiting-heading" className="grid gap-2">
          <h4 id="facts-waiting-heading" className="text-sm font-semibold text-slate-900">
            Waiting for your say · {props.proposed.length}
          </h4>
          <p className="text-sm text-slate-600">
            Noted in your conversations. Nothing is remembered until you keep it.
          </p>
          <ul className="grid gap-2">
            {props.proposed.map((fact) => (
              <FactItem key={fact.id} fact={fact} showSource />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="facts-kept-heading" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id="facts-kept-heading" className="text-sm font-semibold text-slate-900">
            Remembered facts · {props.facts.length}
          </h4>
          {adding ? null : (
            <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
              Add a fact
            </Button>
          )}
        </div>
        {adding ? (
          <div className="rounded-xl border border-brand-200 bg-brand-50/50 p-3">
            <FactForm
              choosesDirector
              directors={props.directors}
              submitLabel="Add fact"
              onCancel={() => setAdding(false)}
              onSubmit={async (values) => {
                await addFact(values);
                await refreshKnowledge(queryClient);
                toast({ title: "Fact added", description: "Your directors use it from the next answer on." });
                setAdding(false);
              }}
            />
          </div>
        ) : null}
        {props.facts.length > 0 ? (
          <ul className="grid gap-2">
            {props.facts.map((fact) => (
              <FactItem key={fact.id} fact={fact} showSource />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">
            Nothing yet. Facts you keep from your conversations, answers to your directors' questions and facts you add
            here appear in this list.
          </p>
        )}
      </section>
    </div>
  );
}

import { useState } from "react";
import { findDirector } from "#shared/directors";
import { type SuggestedMetric, UNIT_LABELS } from "#shared/numbers";
import { Button } from "../../components/ui/button";
import { withErrorToast } from "../../lib/with-error-toast";
import { MetricForm } from "./metric-form";
import { useAddMetric } from "./numbers-api";
import { NumbersCard } from "./numbers-card";

/** Metrics the owner might track, offered not imposed: keep one as it is, or edit it first. */
export function SuggestedMetrics(props: { suggestions: readonly SuggestedMetric[]; room: number }) {
  const add = useAddMetric();
  const [editing, setEditing] = useState<string | null>(null);
  if (props.suggestions.length === 0) return null;

  const keep = ({ reason: _reason, ...metric }: SuggestedMetric) => withErrorToast(() => add.mutateAsync(metric));

  return (
    <NumbersCard
      title="Suggested metrics"
      description="From how you measure success and your directors' departments. Keep the few that matter; you can change them later."
    >
      <ul className="grid gap-2">
        {props.suggestions.map((suggestion) => {
          const director = findDirector(suggestion.directorId);
          return (
            <li key={suggestion.name} className="rounded-lg border border-slate-200 p-3">
              {editing === suggestion.name ? (
                <MetricForm
                  id={`suggested-${suggestion.name.replace(/\W+/g, "-")}`}
                  initial={suggestion}
                  submitLabel="Keep"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (input) => {
                    await add.mutateAsync(input);
                    setEditing(null);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{suggestion.name}</p>
                    <p className="text-sm text-slate-600">
                      {UNIT_LABELS[suggestion.unit]} · {suggestion.cadence === "weekly" ? "Weekly" : "Monthly"}
                      {director ? ` · ${director.name}` : ""} · {suggestion.reason}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={add.isPending || props.room <= 0}
                      aria-label={`Keep ${suggestion.name}`}
                      onClick={() => void keep(suggestion)}
                    >
                      Keep
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Edit ${suggestion.name} before keeping`}
                      onClick={() => setEditing(suggestion.name)}
                    >
                      Edit
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </NumbersCard>
  );
}

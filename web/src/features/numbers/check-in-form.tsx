import { type FormEvent, useEffect, useState } from "react";
import { findDirector } from "#shared/directors";
import { type DueEntry, formatMetricValue, type Metric, UNIT_LABELS } from "#shared/numbers";
import { periodLabel } from "#shared/periods";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/field";
import { errorToast, toast } from "../../components/ui/use-toast";
import { useCheckIn } from "./numbers-api";
import { applyServerAnswer, type Draft, entriesOf, ownerLocale } from "./value-entries";

/**
 * The check-in: one short form with every due metric and period, the last value beside each, a note per value.
 * Missed periods stay in the same form. Values left empty stay due.
 */
export function CheckInForm(props: { due: readonly DueEntry[]; metrics: readonly Metric[]; currency: string }) {
  const metricsById = new Map(props.metrics.map((metric) => [metric.id, metric]));
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    props.due.flatMap((entry) => {
      const metric = metricsById.get(entry.metricId);
      return metric
        ? [{ key: `${entry.metricId}:${entry.period}`, metric, period: entry.period, text: "", note: "" }]
        : [];
    }),
  );
  // A metric added while the form is open brings its due periods in; what is typed stays.
  useEffect(() => {
    setDrafts((current) => {
      const known = new Set(current.map((draft) => draft.key));
      const added = props.due.flatMap((entry) => {
        const key = `${entry.metricId}:${entry.period}`;
        const metric = props.metrics.find((item) => item.id === entry.metricId);
        return known.has(key) || !metric ? [] : [{ key, metric, period: entry.period, text: "", note: "" }];
      });
      return added.length > 0 ? [...current, ...added] : current;
    });
  }, [props.due, props.metrics]);
  const checkIn = useCheckIn();
  const previousOf = new Map(props.due.map((entry) => [`${entry.metricId}:${entry.period}`, entry.previous]));

  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((current) =>
      current.map((draft) => (draft.key === key ? { ...draft, ...patch, error: undefined } : draft)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { entries, sent, errors } = entriesOf(drafts);
    if (Object.keys(errors).length > 0 || entries.length === 0) {
      setDrafts((current) => current.map((draft) => ({ ...draft, error: errors[draft.key] })));
      if (entries.length === 0 && Object.keys(errors).length === 0) errorToast("Enter at least one value to save.");
      return;
    }
    try {
      await checkIn.mutateAsync({ entries });
      const savedKeys = new Set(sent.map((draft) => draft.key));
      setDrafts((current) => current.filter((draft) => !savedKeys.has(draft.key)));
      toast({
        title: "Check-in saved",
        description: `${entries.length} ${entries.length === 1 ? "value" : "values"} saved.`,
      });
    } catch (error) {
      const answered = applyServerAnswer(drafts, sent, error);
      if (answered) setDrafts(answered);
      else errorToast((error as Error).message);
    }
  };

  if (drafts.length === 0) return null;
  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} noValidate aria-labelledby="check-in-heading" className="grid gap-4">
        <div>
          <h2 id="check-in-heading" className="text-lg font-semibold text-slate-900">
            Check-in
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Your figures for the periods just finished. Leave a value empty to give it later.
          </p>
        </div>
        <ul className="grid gap-4">
          {drafts.map((draft) => {
            const previous = previousOf.get(draft.key);
            const director = findDirector(draft.metric.directorId);
            const id = `check-in-${draft.key.replace(":", "-")}`;
            return (
              <li
                key={draft.key}
                className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_10rem_1fr] sm:items-start sm:gap-3"
              >
                <div className="min-w-0">
                  <label htmlFor={id} className="block font-medium text-slate-900">
                    {draft.metric.name}{" "}
                    <span className="font-normal text-slate-600">
                      · {periodLabel(draft.period, draft.metric.cadence)}
                    </span>
                  </label>
                  <p className="text-sm text-slate-600">
                    {UNIT_LABELS[draft.metric.unit]}
                    {director ? ` · ${director.name}` : ""} · Last:{" "}
                    {previous
                      ? formatMetricValue(draft.metric.unit, previous.value, props.currency, ownerLocale())
                      : "none yet"}
                  </p>
                </div>
                <div className="grid gap-1">
                  <Input
                    id={id}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.text}
                    aria-invalid={draft.error ? true : undefined}
                    aria-describedby={draft.error ? `${id}-error` : undefined}
                    onChange={(event) => change(draft.key, { text: event.target.value })}
                  />
                  {draft.error ? (
                    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                      {draft.error}
                    </p>
                  ) : null}
                </div>
                <Input
                  aria-label={`Note for ${draft.metric.name}, ${periodLabel(draft.period, draft.metric.cadence)}`}
                  placeholder="Note (optional)"
                  value={draft.note}
                  maxLength={500}
                  onChange={(event) => change(draft.key, { note: event.target.value })}
                />
              </li>
            );
          })}
        </ul>
        <div>
          <Button type="submit" disabled={checkIn.isPending}>
            {checkIn.isPending
              ? "Saving..."
              : drafts.some((draft) => draft.askedFor === draft.text && draft.text)
                ? "Save anyway"
                : "Save check-in"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

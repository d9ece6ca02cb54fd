import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { findDirector } from "#shared/directors";
import { formatMetricValue, type Metric, type MetricValue, trendOf } from "#shared/numbers";
import { periodLabel } from "#shared/periods";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmButton } from "../../components/ui/confirm-dialog";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { MetricChart } from "./metric-chart";
import { MetricForm } from "./metric-form";
import { useChangeMetric, useDeleteMetric } from "./numbers-api";
import { PastValueForm } from "./past-value-form";
import { ownerLocale } from "./value-entries";

/** How many of the latest figures the table lists (the chart shows them all). */
const TABLE_ROWS = 12;

/**
 * One metric: its latest value, the change since the last period and against the four before, its chart with the
 * target, and its figures as a table for screen readers. Edit, add a past value, remove.
 */
export function MetricCard(props: {
  metric: Metric;
  values: readonly MetricValue[];
  currency: string;
  current: string;
}) {
  const { metric, values, currency } = props;
  const [mode, setMode] = useState<"view" | "edit" | "past">("view");
  const change = useChangeMetric();
  const remove = useDeleteMetric();
  const director = findDirector(metric.directorId);
  const format = useCallback(
    (value: number) => formatMetricValue(metric.unit, value, currency, ownerLocale()),
    [metric.unit, currency],
  );
  const trend = useMemo(() => trendOf(values.map((value) => value.value)), [values]);
  const latest = values.at(-1);
  const headingId = `metric-${metric.id}`;

  return (
    <Card className="grid min-w-0 gap-3 p-4 sm:p-5" aria-labelledby={headingId} role="group">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {metric.name}
          </h3>
          <p className="text-sm text-slate-600">
            {director ? (
              <Link
                to={`/chat?director=${director.id}`}
                state={{ selectedDirector: director.id }}
                className="text-brand-700 hover:underline"
              >
                {director.name}
              </Link>
            ) : null}
            {" · "}
            {metric.cadence === "weekly" ? "Weekly" : "Monthly"}
            {metric.target === null ? "" : ` · Target ${format(metric.target)}`}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xl font-bold text-slate-900" data-testid="latest-value">
            {latest ? format(latest.value) : "No values yet"}
          </p>
          {latest ? <p className="text-xs text-slate-600">{periodLabel(latest.period, metric.cadence)}</p> : null}
        </div>
      </div>
      {latest ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <TrendText label="since last period" change={trend.lastChange} goodDirection={metric.goodDirection} />
          <TrendText label="vs 4-period average" change={trend.averageChange} goodDirection={metric.goodDirection} />
        </p>
      ) : null}
      {values.length > 1 ? (
        <MetricChart values={values} target={metric.target} format={format} label={metric.name} />
      ) : null}
      {values.length > 0 ? <FiguresTable metric={metric} values={values} format={format} /> : null}

      {mode === "edit" ? (
        <MetricForm
          id={`edit-${metric.id}`}
          initial={metric}
          submitLabel="Save metric"
          onCancel={() => setMode("view")}
          onSubmit={async (input) => {
            await change.mutateAsync({ id: metric.id, change: input });
            setMode("view");
            toast({ title: "Metric saved" });
          }}
        />
      ) : mode === "past" ? (
        <PastValueForm metric={metric} current={props.current} onDone={() => setMode("view")} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setMode("past")}>
            Add a past value
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setMode("edit")}>
            Edit
          </Button>
          <ConfirmButton
            label="Remove"
            question={`Remove ${metric.name}?`}
            description="The metric and all its values are deleted. Your directors stop seeing them."
            busy={remove.isPending}
            onConfirm={async (close) => {
              await remove.mutateAsync(metric.id);
              close();
            }}
          />
        </div>
      )}
    </Card>
  );
}

/** "▲ 12 % since last period", green when it moved the good way. */
function TrendText(props: { label: string; change: number | null; goodDirection: "up" | "down" }) {
  if (props.change === null) return <span className="text-slate-600">— {props.label}</span>;
  const rounded = Math.round(props.change);
  const good = rounded === 0 ? null : rounded > 0 === (props.goodDirection === "up");
  const word = rounded > 0 ? "Up" : rounded < 0 ? "Down" : "No change";
  return (
    <span className={cn(good === null ? "text-slate-700" : good ? "text-emerald-700" : "text-red-700")}>
      <span aria-hidden="true">{rounded > 0 ? "▲ " : rounded < 0 ? "▼ " : ""}</span>
      {word}
      {rounded === 0 ? "" : ` ${Math.abs(rounded)} %`} {props.label}
    </span>
  );
}

/** The chart's figures as a table: hidden on screen, read by screen readers. */
function FiguresTable(props: { metric: Metric; values: readonly MetricValue[]; format: (value: number) => string }) {
  const rows = props.values.slice(-TABLE_ROWS).toReversed();
  return (
    // A table does not shrink to the 1 px of sr-only itself: the box around it does, so it cannot widen the page.
    <div className="sr-only">
      <table>
        <caption>{props.metric.name}, latest figures</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Value</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((value) => (
            <tr key={value.id}>
              <th scope="row">{periodLabel(value.period, props.metric.cadence)}</th>
              <td>{props.format(value.value)}</td>
              <td>{value.note ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { MetricValue, NumbersOverview } from "#shared/numbers";
import { PageColumn } from "../../components/page-column";
import { PageData } from "../../components/page-data";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { guessCurrency } from "../../lib/guess-currency";
import { usePageTitle } from "../../lib/use-page-title";
import { CheckInForm } from "./check-in-form";
import { ImportValues } from "./import-values";
import { MetricCard } from "./metric-card";
import { MetricForm } from "./metric-form";
import { useAddMetric, useNumbers, useSaveNumbersSettings } from "./numbers-api";
import { NumbersCard } from "./numbers-card";
import { SuggestedMetrics } from "./suggested-metrics";

/** /numbers: the owner's few key figures, the check-in that asks for them, and a chart of each. */
export function NumbersPage() {
  usePageTitle("Numbers");
  const numbers = useNumbers();
  useBrowserSettings(numbers.data);

  return (
    <PageColumn width="max-w-4xl">
      <PageHeader
        className="max-w-2xl"
        eyebrow="Your key figures"
        title="Numbers"
        description="A few figures you check each week or month. Your directors see them and their trend when they answer you."
      >
        <Link
          to="/this-week"
          className="mt-3 inline-flex h-11 items-center font-medium text-brand-700 hover:underline sm:h-auto"
        >
          This week: your directors' briefs
        </Link>
      </PageHeader>
      <PageData query={numbers} loading={<NumbersSkeleton />} failedTitle="We could not load your numbers.">
        {(overview) => <NumbersContent overview={overview} />}
      </PageData>
    </PageColumn>
  );
}

function NumbersContent({ overview }: { overview: NumbersOverview }) {
  const room = overview.metricLimit - overview.metrics.length;
  const valuesByMetric = new Map<string, MetricValue[]>();
  for (const value of overview.values) {
    valuesByMetric.set(value.metricId, [...(valuesByMetric.get(value.metricId) ?? []), value]);
  }
  return (
    <>
      {overview.due.length > 0 ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900" role="status">
          {overview.due.length === 1 ? "1 value is" : `${overview.due.length} values are`} due for your check-in.
        </p>
      ) : null}
      {overview.due.length > 0 ? (
        <CheckInForm due={overview.due} metrics={overview.metrics} currency={overview.settings.currency} />
      ) : null}
      {room > 0 ? <SuggestedMetrics suggestions={overview.suggestions} room={room} /> : null}
      <section aria-labelledby="metrics-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="metrics-heading" className="text-lg font-semibold text-slate-900">
            Your metrics
          </h2>
          <p className="text-sm text-slate-600">
            {overview.metrics.length} of {overview.metricLimit} on your plan ·{" "}
            <Link to="/settings#numbers" className="text-brand-700 hover:underline">
              Time zone {overview.settings.timeZone}
            </Link>
          </p>
        </div>
        {overview.metrics.length === 0 ? (
          <Card className="p-6 text-center text-sm text-slate-600">
            No metrics yet. Keep a suggestion above or add your own below.
          </Card>
        ) : (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {overview.metrics.map((metric) => (
              <MetricCard
                key={metric.id}
                metric={metric}
                values={valuesByMetric.get(metric.id) ?? []}
                currency={overview.settings.currency}
                current={overview.current[metric.cadence]}
              />
            ))}
          </div>
        )}
      </section>
      {overview.metrics.length > 0 ? (
        <ImportValues metrics={overview.metrics} currency={overview.settings.currency} />
      ) : null}
      {room > 0 ? <AddMetric /> : <UpgradeNote limit={overview.metricLimit} />}
    </>
  );
}

function AddMetric() {
  const add = useAddMetric();
  const [version, setVersion] = useState(0);
  return (
    <NumbersCard title="Add a metric">
      <MetricForm
        key={version}
        id="new-metric"
        submitLabel="Add metric"
        onSubmit={async (input) => {
          await add.mutateAsync(input);
          setVersion((value) => value + 1);
          toast({ title: "Metric added" });
        }}
      />
    </NumbersCard>
  );
}

function UpgradeNote({ limit }: { limit: number }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">Your plan tracks {limit} metrics. Remove one, or upgrade to track more.</p>
      <Button asChild size="sm" variant="secondary">
        <Link to="/subscription">See plans</Link>
      </Button>
    </Card>
  );
}

/** The first visit saves the browser's time zone and a currency for its region; Settings changes them later. */
function useBrowserSettings(overview: NumbersOverview | undefined) {
  const save = useSaveNumbersSettings();
  const asked = useRef(false);
  useEffect(() => {
    if (!overview || overview.settings.saved || asked.current) return;
    asked.current = true;
    save.mutate({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      currency: guessCurrency(navigator.language),
    });
  }, [overview, save]);
}

function NumbersSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

import { useState } from "react";
import { formatMetricValue, type ImportPreview, type Metric } from "#shared/numbers";
import { periodLabel } from "#shared/periods";
import { Button } from "../../components/ui/button";
import { errorToast, toast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";
import { withErrorToast } from "../../lib/with-error-toast";
import { useCheckIn } from "./numbers-api";
import { NumbersCard } from "./numbers-card";
import { readImportFile } from "./read-import-file";
import { ownerLocale } from "./value-entries";

/**
 * An accounting or shop export (date, metric, value) as a CSV or Excel file: previewed row by row before anything is
 * saved, each bad row named with its reason and skipped, the rest saved together.
 */
export function ImportValues(props: { metrics: readonly Metric[]; currency: string }) {
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileName, setFileName] = useState("");
  const [reading, setReading] = useState(false);
  const checkIn = useCheckIn();
  const metricsById = new Map(props.metrics.map((metric) => [metric.id, metric]));

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setFileName(file.name);
    try {
      const rows = await readImportFile(file);
      if (rows.length === 0) throw new Error("This file has no rows to import.");
      setPreview(await api<ImportPreview>("/api/numbers/imports/preview", { body: { rows, locale: ownerLocale() } }));
    } catch (error) {
      setPreview(null);
      errorToast((error as Error).message || "This file could not be read. Save it as CSV or XLSX and try again.");
    } finally {
      setReading(false);
    }
  };

  const ok = preview?.rows.filter((row) => row.ok) ?? [];
  const skipped = preview?.rows.filter((row) => !row.ok) ?? [];

  const save = async () => {
    const entries = ok.map((row) => ({
      metricId: row.metricId,
      period: row.period,
      value: row.value,
      confirmed: true,
    }));
    await withErrorToast(async () => {
      await checkIn.mutateAsync({ entries });
      toast({
        title: "Import saved",
        description: `${entries.length} ${entries.length === 1 ? "value" : "values"} saved.`,
      });
      setPreview(null);
    });
  };

  return (
    <NumbersCard
      title="Import values"
      description="A CSV or Excel file with a date, the metric's name and a value on each row, such as an export from your accounts or shop. You see what would be saved first."
    >
      <label className="text-sm font-medium text-slate-800">
        File to import
        <input
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-900 sm:file:h-9"
          disabled={reading}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </label>
      {reading ? <p className="text-sm text-slate-600">Reading {fileName}...</p> : null}
      {preview ? (
        <div className="grid gap-3" aria-live="polite">
          <p className="text-sm text-slate-800">
            <span className="font-semibold">{fileName}</span>: {ok.length} {ok.length === 1 ? "value" : "values"} to
            save, {skipped.length} {skipped.length === 1 ? "row" : "rows"} skipped.
          </p>
          {skipped.length > 0 ? (
            <ul className="grid gap-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" aria-label="Skipped rows">
              {skipped.slice(0, 50).map((row) => (
                <li key={row.line}>
                  Row {row.line}: {"reason" in row ? row.reason : ""}
                </li>
              ))}
              {skipped.length > 50 ? <li>…and {skipped.length - 50} more.</li> : null}
            </ul>
          ) : null}
          {ok.length > 0 ? (
            <div className="max-h-64 overflow-auto rounded-lg border border-slate-200">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Values to save</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {["Row", "Metric", "Period", "Value"].map((heading) => (
                      <th key={heading} scope="col" className="px-3 py-2">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {ok.slice(0, 200).map((row) => {
                    const metric = metricsById.get(row.metricId);
                    const format = (value: number) =>
                      metric ? formatMetricValue(metric.unit, value, props.currency, ownerLocale()) : String(value);
                    return (
                      <tr key={row.line}>
                        <td className="px-3 py-1.5">{row.line}</td>
                        <td className="px-3 py-1.5">{row.metricName}</td>
                        <td className="px-3 py-1.5">{metric ? periodLabel(row.period, metric.cadence) : row.period}</td>
                        <td className="px-3 py-1.5">
                          {format(row.value)}
                          {row.replaces === null ? "" : ` (replaces ${format(row.replaces)})`}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void save()} disabled={ok.length === 0 || checkIn.isPending}>
              {checkIn.isPending ? "Saving..." : `Import ${ok.length} ${ok.length === 1 ? "value" : "values"}`}
            </Button>
            <Button variant="secondary" onClick={() => setPreview(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </NumbersCard>
  );
}

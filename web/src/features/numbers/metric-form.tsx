import { type FormEvent, useState } from "react";
import { DIRECTORS, type DirectorId } from "#shared/directors";
import { parseLocaleNumber } from "#shared/locale-number";
import {
  GOOD_DIRECTIONS,
  type GoodDirection,
  METRIC_UNITS,
  type MetricInput,
  type MetricUnit,
  NUMBERS_MESSAGES,
  UNIT_LABELS,
} from "#shared/numbers";
import { CADENCES, type Cadence } from "#shared/periods";
import { Button } from "../../components/ui/button";
import { Field, Input } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { ownerLocale } from "./value-entries";

const SELECT =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-10 sm:text-sm";

const CADENCE_LABELS: Record<Cadence, string> = { weekly: "Weekly", monthly: "Monthly" };
const DIRECTION_LABELS: Record<GoodDirection, string> = { up: "Higher is better", down: "Lower is better" };

/** A metric's name, unit, cadence, director, good direction and target: to add one or change one. */
export function MetricForm(props: {
  id: string;
  initial?: Partial<MetricInput>;
  submitLabel: string;
  onSubmit: (input: MetricInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(props.initial?.name ?? "");
  const [unit, setUnit] = useState<MetricUnit>(props.initial?.unit ?? "count");
  const [cadence, setCadence] = useState<Cadence>(props.initial?.cadence ?? "weekly");
  const [directorId, setDirectorId] = useState<DirectorId>(props.initial?.directorId ?? "finn");
  const [goodDirection, setGoodDirection] = useState<GoodDirection>(props.initial?.goodDirection ?? "up");
  const [target, setTarget] = useState(props.initial?.target == null ? "" : String(props.initial.target));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const field = (suffix: string) => `${props.id}-${suffix}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const targetValue = target.trim() === "" ? null : parseLocaleNumber(target, ownerLocale());
    const found: Record<string, string> = {};
    if (name.trim() === "") found.name = NUMBERS_MESSAGES.nameRequired;
    if (targetValue !== null && Number.isNaN(targetValue)) found.target = NUMBERS_MESSAGES.notANumber;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await props.onSubmit({ name, unit, cadence, directorId, goodDirection, target: targetValue });
    } catch (error) {
      setErrors(error instanceof ApiError ? { ...error.fields, _: error.message } : { _: (error as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      <Field id={field("name")} label="Name" error={errors.name}>
        <Input
          id={field("name")}
          value={name}
          maxLength={60}
          aria-invalid={errors.name ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field id={field("unit")} label="Unit">
        <select
          id={field("unit")}
          className={SELECT}
          value={unit}
          onChange={(e) => setUnit(e.target.value as MetricUnit)}
        >
          {METRIC_UNITS.map((item) => (
            <option key={item} value={item}>
              {UNIT_LABELS[item]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={field("cadence")} label="How often">
        <select
          id={field("cadence")}
          className={SELECT}
          value={cadence}
          onChange={(e) => setCadence(e.target.value as Cadence)}
        >
          {CADENCES.map((item) => (
            <option key={item} value={item}>
              {CADENCE_LABELS[item]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={field("director")} label="Director">
        <select
          id={field("director")}
          className={SELECT}
          value={directorId}
          onChange={(e) => setDirectorId(e.target.value as DirectorId)}
        >
          {DIRECTORS.map((director) => (
            <option key={director.id} value={director.id}>
              {director.name}, {director.title}
            </option>
          ))}
        </select>
      </Field>
      <Field id={field("direction")} label="Good direction">
        <select
          id={field("direction")}
          className={SELECT}
          value={goodDirection}
          onChange={(e) => setGoodDirection(e.target.value as GoodDirection)}
        >
          {GOOD_DIRECTIONS.map((item) => (
            <option key={item} value={item}>
              {DIRECTION_LABELS[item]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={field("target")} label="Target (optional)" error={errors.target}>
        <Input
          id={field("target")}
          inputMode="decimal"
          value={target}
          aria-invalid={errors.target ? true : undefined}
          onChange={(event) => setTarget(event.target.value)}
        />
      </Field>
      {errors._ && !errors.name && !errors.target ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {errors._}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

import { type FormEvent, useState } from "react";
import { DIRECTOR_IDS, DIRECTORS, type DirectorId } from "#shared/directors";
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
import { Field, Input, SelectField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { ownerLocale } from "./value-entries";

const CADENCE_LABELS: Record<Cadence, string> = { weekly: "Weekly", monthly: "Monthly" };
const DIRECTION_LABELS: Record<GoodDirection, string> = { up: "Higher is better", down: "Lower is better" };
const DIRECTOR_LABELS = Object.fromEntries(
  DIRECTORS.map((director) => [director.id, `${director.name}, ${director.title}`]),
) as Record<DirectorId, string>;

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
      <SelectField
        id={field("unit")}
        label="Unit"
        value={unit}
        options={METRIC_UNITS}
        labels={UNIT_LABELS}
        onChange={setUnit}
      />
      <SelectField
        id={field("cadence")}
        label="How often"
        value={cadence}
        options={CADENCES}
        labels={CADENCE_LABELS}
        onChange={setCadence}
      />
      <SelectField
        id={field("director")}
        label="Director"
        value={directorId}
        options={DIRECTOR_IDS}
        labels={DIRECTOR_LABELS}
        onChange={setDirectorId}
      />
      <SelectField
        id={field("direction")}
        label="Good direction"
        value={goodDirection}
        options={GOOD_DIRECTIONS}
        labels={DIRECTION_LABELS}
        onChange={setGoodDirection}
      />
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

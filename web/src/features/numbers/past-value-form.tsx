import { type FormEvent, useState } from "react";
import { type Metric, NUMBERS_MESSAGES } from "#shared/numbers";
import { periodOfDate } from "#shared/periods";
import { Button } from "../../components/ui/button";
import { Field, Input } from "../../components/ui/field";
import { errorToast, toast } from "../../components/ui/use-toast";
import { useCheckIn } from "./numbers-api";
import { applyServerAnswer, type Draft, entriesOf } from "./value-entries";

/** A value for a past period (backfill): any day of the period, the value, a note. */
export function PastValueForm(props: { metric: Metric; current: string; onDone: () => void }) {
  const { metric } = props;
  const [date, setDate] = useState("");
  const [draft, setDraft] = useState<Draft>({ key: "past", metric, period: "", text: "", note: "" });
  const [dateError, setDateError] = useState<string>();
  const checkIn = useCheckIn();
  const id = `past-${metric.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setDateError("Choose a day in the period.");
    if (periodOfDate(date, metric.cadence) > props.current) return setDateError(NUMBERS_MESSAGES.future);
    setDateError(undefined);
    const current = { ...draft, period: date };
    const { entries, sent, errors } = entriesOf([current]);
    if (errors.past) return setDraft({ ...current, error: errors.past });
    if (entries.length === 0) return setDraft({ ...current, error: NUMBERS_MESSAGES.notANumber });
    try {
      await checkIn.mutateAsync({ entries });
      toast({ title: "Past value saved" });
      props.onDone();
    } catch (error) {
      const answered = applyServerAnswer([current], sent, error);
      if (!answered?.[0]) return errorToast((error as Error).message);
      setDraft(answered[0]);
      if (answered[0].error === NUMBERS_MESSAGES.future) setDateError(NUMBERS_MESSAGES.future);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
      <Field id={`${id}-date`} label="A day in the period" error={dateError}>
        <Input
          id={`${id}-date`}
          type="date"
          value={date}
          aria-invalid={dateError ? true : undefined}
          onChange={(event) => setDate(event.target.value)}
        />
      </Field>
      <Field id={`${id}-value`} label="Value" error={draft.error}>
        <Input
          id={`${id}-value`}
          inputMode="decimal"
          value={draft.text}
          aria-invalid={draft.error ? true : undefined}
          onChange={(event) => setDraft({ ...draft, text: event.target.value, error: undefined })}
        />
      </Field>
      <Field id={`${id}-note`} label="Note (optional)">
        <Input
          id={`${id}-note`}
          value={draft.note}
          maxLength={500}
          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
        />
      </Field>
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" size="sm" disabled={checkIn.isPending}>
          {draft.askedFor && draft.askedFor === draft.text ? "Save anyway" : "Save value"}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

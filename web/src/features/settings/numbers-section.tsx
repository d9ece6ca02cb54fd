import { useId } from "react";
import { SettingsSection } from "../../components/settings-section";
import { SelectField } from "../../components/ui/field";
import { toast } from "../../components/ui/use-toast";
import { CURRENCIES } from "../../lib/guess-currency";
import { withErrorToast } from "../../lib/with-error-toast";
import { useNumbersSettings, useSaveNumbersSettings } from "../numbers/numbers-api";

/** Every time zone this browser knows, with the owner's own first if it is missing from the list. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Settings → Numbers: the time zone check-ins run on, the currency money is shown in, and check-in emails. */
export function NumbersSection() {
  const settings = useNumbersSettings();
  const save = useSaveNumbersSettings();
  const zoneId = useId();
  const currencyId = useId();
  const remindersId = useId();

  const change = (patch: Parameters<typeof save.mutateAsync>[0]) =>
    withErrorToast(async () => {
      await save.mutateAsync(patch);
      toast({ title: "Numbers settings saved" });
    });

  // While a change is being saved it already shows, so a control does not jump back until the answer comes.
  const shown = settings.data && (save.isPending ? { ...settings.data, ...save.variables } : settings.data);

  return (
    <SettingsSection
      id="numbers"
      title="Numbers"
      description="Your check-ins start at midnight in this time zone. Money is shown in this currency."
    >
      {shown ? (
        <div className="grid gap-4">
          <SelectField
            id={zoneId}
            label="Time zone"
            className="max-w-sm"
            value={shown.timeZone}
            options={timeZones(shown.timeZone)}
            disabled={save.isPending}
            onChange={(timeZone) => void change({ timeZone })}
          />
          <SelectField
            id={currencyId}
            label="Currency"
            className="max-w-sm"
            value={shown.currency}
            options={CURRENCIES.includes(shown.currency) ? CURRENCIES : [shown.currency, ...CURRENCIES]}
            disabled={save.isPending}
            onChange={(currency) => void change({ currency })}
          />
          <label htmlFor={remindersId} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              id={remindersId}
              type="checkbox"
              className="h-5 w-5 accent-brand-600"
              checked={shown.reminders}
              disabled={save.isPending}
              onChange={(event) => void change({ reminders: event.target.checked })}
            />
            Email me when a check-in is due
          </label>
        </div>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {settings.error.message}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Loading...</p>
      )}
    </SettingsSection>
  );
}

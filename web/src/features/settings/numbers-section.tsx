import { useId } from "react";
import { SettingsSection } from "../../components/settings-section";
import { errorToast, toast } from "../../components/ui/use-toast";
import { CURRENCIES } from "../../lib/guess-currency";
import { useNumbersSettings, useSaveNumbersSettings } from "../numbers/numbers-api";

const SELECT =
  "block h-11 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-10 sm:text-sm";

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

  const change = async (patch: Parameters<typeof save.mutateAsync>[0]) => {
    try {
      await save.mutateAsync(patch);
      toast({ title: "Numbers settings saved" });
    } catch (error) {
      errorToast((error as Error).message);
    }
  };

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
          <div className="grid gap-1.5">
            <label htmlFor={zoneId} className="text-sm font-medium text-slate-800">
              Time zone
            </label>
            <select
              id={zoneId}
              className={SELECT}
              value={shown.timeZone}
              disabled={save.isPending}
              onChange={(event) => void change({ timeZone: event.target.value })}
            >
              {timeZones(shown.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={currencyId} className="text-sm font-medium text-slate-800">
              Currency
            </label>
            <select
              id={currencyId}
              className={SELECT}
              value={shown.currency}
              disabled={save.isPending}
              onChange={(event) => void change({ currency: event.target.value })}
            >
              {(CURRENCIES.includes(shown.currency) ? CURRENCIES : [shown.currency, ...CURRENCIES]).map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
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

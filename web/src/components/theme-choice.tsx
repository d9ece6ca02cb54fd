import { useId } from "react";
import { cn } from "../lib/cn";
import { setThemePreference, type ThemePreference, useThemePreference } from "../lib/theme-preference";
import { monitorIcon, moonIcon, sunIcon } from "./ui/app-icons";
import { Icon, type IconDrawing } from "./ui/icon";

const OPTIONS: Array<{ value: ThemePreference; label: string; icon: IconDrawing }> = [
  { value: "system", label: "System", icon: monitorIcon },
  { value: "light", label: "Light", icon: sunIcon },
  { value: "dark", label: "Dark", icon: moonIcon },
];

/**
 * System / Light / Dark as one radio group: arrow keys move the choice, and it
 * is remembered in this browser. `compact` shows only the icons (the nav bar
 * on a wide screen; each keeps its name for screen readers and as a tooltip).
 */
export function ThemeChoice({ compact = false, labelledBy }: { compact?: boolean; labelledBy?: string }) {
  const current = useThemePreference();
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={labelledBy ? undefined : "Theme"}
      aria-labelledby={labelledBy}
      className={cn(
        "inline-flex rounded-xl border border-slate-200 bg-slate-100 p-0.5",
        compact ? "gap-0.5" : "w-full max-w-sm gap-1",
      )}
    >
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          title={compact ? option.label : undefined}
          className={cn(
            "flex cursor-pointer items-center justify-center gap-2 rounded-[0.625rem] text-sm font-medium text-slate-600 transition-colors hover:text-slate-900",
            "has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm",
            "has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600",
            compact ? "h-8 w-8" : "h-11 flex-1 px-3",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={current === option.value}
            onChange={() => setThemePreference(option.value)}
            className="sr-only"
          />
          <Icon drawing={option.icon} className="h-4 w-4 shrink-0" />
          <span className={compact ? "sr-only" : undefined}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

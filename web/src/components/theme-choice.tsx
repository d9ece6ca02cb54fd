import { useId } from "react";
import { cn } from "../lib/cn";
import { setThemePreference, type ThemePreference, useThemePreference } from "../lib/theme-preference";

const OPTIONS: Array<{ value: ThemePreference; label: string; icon: string }> = [
  // A screen, a sun and a moon (24×24 outlines).
  { value: "system", label: "System", icon: "M4 5h16v11H4zM9 20h6M12 16v4" },
  {
    value: "light",
    label: "Light",
    icon: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  },
  { value: "dark", label: "Dark", icon: "M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" },
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
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={option.icon} />
          </svg>
          <span className={compact ? "sr-only" : undefined}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

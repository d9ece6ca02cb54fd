import { useSyncExternalStore } from "react";
import { listenerSet } from "./listeners";

/** What the owner chose: follow the system's setting, or always light, or always dark. */
export type ThemePreference = "system" | "light" | "dark";

/**
 * Where the choice is kept, per browser. web/public/theme-init.js reads the
 * same key and applies the same rule before the first paint; keep the two in step.
 */
const STORAGE_KEY = "directors:theme";
const SYSTEM_DARK = "(prefers-color-scheme: dark)";
/** The browser's bar (and an installed app's title bar) takes the nav bar's colour: white, or slate-900 in dark. */
const BAR_COLORS = { light: "#ffffff", dark: "#0f172a" } as const;

const listeners = listenerSet();
let preference = readStored();

function readStored(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    // Storage refused (a locked-down browser): follow the system.
    return "system";
  }
}

/** Puts the chosen theme on the page: the `dark` class the palette hangs on, and the bar colour. */
function apply() {
  const dark = preference === "dark" || (preference === "system" && window.matchMedia(SYSTEM_DARK).matches);
  document.documentElement.classList.toggle("dark", dark);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute("content", dark ? BAR_COLORS.dark : BAR_COLORS.light);
}

function update(next: ThemePreference) {
  preference = next;
  apply();
  listeners.notify();
}

// The system switching to dark at sunset, and a choice made in another tab, reach this page at once.
window.matchMedia(SYSTEM_DARK).addEventListener("change", apply);
window.addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEY || event.key === null) update(readStored());
});

/** Remembers the choice in this browser and shows it now. */
export function setThemePreference(next: ThemePreference) {
  try {
    if (next === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Not remembered, but still shown for this visit.
  }
  update(next);
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(listeners.add, () => preference);
}

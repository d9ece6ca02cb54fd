/*
 * The owner's theme, applied before the first paint so a page never flashes
 * the wrong one: a small blocking script in <head> (the CSP allows no inline
 * script). The same rule lives in web/src/features/theme/theme-preference.ts,
 * which takes over once the app runs.
 */
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem("directors:theme");
  } catch {
    // Storage refused: follow the system.
  }
  const dark = choice === "dark" || (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  if (dark) document.querySelector('meta[name="theme-color"]')?.setAttribute("content", "#0f172a");
})();

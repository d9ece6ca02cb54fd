import { type CSSProperties, useLayoutEffect, useState } from "react";

/** Less room than this beside an open dialog fits no toast: they go to the bottom edge, clear of its heading. */
const MIN_BAND_PX = 72;

/**
 * Where the toasts sit, as the style of their column. With no dialog open:
 * under the bars of controls stacked at the top — the nav bar, and a page's
 * own bar right under it (the chat's director, switcher and "Clear
 * conversation") — so a toast never covers a control of either, nor a
 * composer or a form's buttons lower down. With a modal dialog open (on a
 * phone it fills the width): in the larger band of screen above or below it,
 * no taller than that band, so a toast never covers the dialog's heading or
 * buttons. Measured again when the toasts change, a dialog opens, closes or
 * changes size, and the window is resized.
 */
export function useToastPlace(count: number): CSSProperties {
  const [place, setPlace] = useState<CSSProperties>({ top: 0 });
  useLayoutEffect(() => {
    if (count === 0) return;
    const measure = () => setPlace((current) => same(current, placeNow()) ?? placeNow());
    measure();
    const sizes = new ResizeObserver(measure);
    const watchDialogs = () => {
      sizes.disconnect();
      for (const dialog of openDialogs()) sizes.observe(dialog);
      measure();
    };
    watchDialogs();
    // Radix mounts a dialog in a portal at the end of <body> and marks it open or closed with data-state. (Not
    // every change in the page: an answer streaming in would measure again at each word.)
    const portals = new MutationObserver(watchDialogs);
    portals.observe(document.body, { childList: true });
    const states = new MutationObserver(watchDialogs);
    states.observe(document.body, { subtree: true, attributeFilter: ["data-state"] });
    window.addEventListener("resize", measure);
    return () => {
      sizes.disconnect();
      portals.disconnect();
      states.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [count]);
  return place;
}

function openDialogs(): HTMLElement[] {
  return [
    ...document.querySelectorAll<HTMLElement>("[role=dialog][data-state=open], [role=alertdialog][data-state=open]"),
  ];
}

function placeNow(): CSSProperties {
  const dialog = openDialogs().at(-1);
  if (!dialog) return { top: underTheBars() };
  const box = dialog.getBoundingClientRect();
  const above = Math.max(0, Math.floor(box.top));
  const below = Math.max(0, Math.floor(window.innerHeight - box.bottom));
  if (above >= below && above >= MIN_BAND_PX) return { top: 0, maxHeight: above, overflow: "hidden" };
  if (below >= MIN_BAND_PX) return { top: "auto", bottom: 0, maxHeight: below, overflow: "hidden" };
  // A dialog that fills the screen (a sheet): the bottom edge, away from the heading at its top.
  return { top: "auto", bottom: 0 };
}

/** The bottom of the bars stacked at the top of the window, in px. */
function underTheBars(): number {
  let bottom = 0;
  for (const bar of document.querySelectorAll("header")) {
    const box = bar.getBoundingClientRect();
    if (box.height > 0 && box.top <= bottom + 1 && box.bottom > bottom) bottom = box.bottom;
  }
  return Math.round(bottom);
}

/** The current place when nothing changed, so measuring again does not render again. */
function same(current: CSSProperties, next: CSSProperties): CSSProperties | undefined {
  return JSON.stringify(current) === JSON.stringify(next) ? current : undefined;
}

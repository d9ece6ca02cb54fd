import { useLayoutEffect, useState } from "react";

/**
 * Where toasts start, in px from the top of the window: under the bars of
 * controls stacked there — the nav bar, and a page's own bar that sits right
 * under it (the chat's director, switcher and "Clear conversation") — so a
 * toast never covers a control of either, nor a composer or a form's buttons
 * lower down. Measured when the toasts change, as the bars differ by page.
 */
export function useToastTop(count: number): number {
  const [top, setTop] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the number of toasts changes.
  useLayoutEffect(() => {
    let bottom = 0;
    for (const bar of document.querySelectorAll("header")) {
      const box = bar.getBoundingClientRect();
      if (box.height > 0 && box.top <= bottom + 1 && box.bottom > bottom) bottom = box.bottom;
    }
    setTop(Math.round(bottom));
  }, [count]);
  return top;
}

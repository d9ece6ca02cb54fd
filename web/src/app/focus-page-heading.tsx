import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new page is watched for its heading (its data may still be loading). */
const WATCH_MS = 10_000;

/**
 * After a move to another page, focus goes to that page's heading, so a screen
 * reader announces where the owner arrived and Tab continues from the top of
 * the page rather than from the link they left. A page that put the cursor
 * somewhere itself (an answer field, the chat input) keeps it, and focus that
 * falls back to the page's body while the page finishes loading (its loading
 * state replaced) goes to the heading again. A link to a place on the same page
 * (#section) leaves focus to the browser; the first page of a visit starts
 * where the browser starts it.
 */
export function FocusPageHeading() {
  const location = useLocation();
  const firstKey = useRef(location.key);

  useEffect(() => {
    if (location.key === firstKey.current || location.hash) return;
    const main = document.getElementById("main");
    if (!main) return;
    let placed = false;
    const place = () => {
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (placed ? !lost : !lost && main.contains(active)) {
        placed = true;
        return;
      }
      const heading = main.querySelector("h1");
      if (!heading) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
      placed = true;
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(main, { childList: true, subtree: true });
    // A tap on the page is the owner taking over.
    const stop = () => observer.disconnect();
    const timer = setTimeout(stop, WATCH_MS);
    window.addEventListener("pointerdown", stop, { once: true });
    return () => {
      stop();
      clearTimeout(timer);
      window.removeEventListener("pointerdown", stop);
    };
  }, [location.key, location.hash]);

  return null;
}

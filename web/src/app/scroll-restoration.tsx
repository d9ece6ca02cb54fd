import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** How far down each history entry of this page load was scrolled, by location key. */
const positions = new Map<string, number>();

/**
 * A page reached by a link starts at the top, or at the element its #hash
 * names; Back and Forward return to where that page was left. The browser's
 * own restoring is off while the app runs: it would scroll the page being
 * left, before the page returned to has rendered.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const saved = navigationType === "POP" ? positions.get(location.key) : undefined;
    const target = location.hash ? elementForHash(location.hash) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);

    const remember = () => positions.set(location.key, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [location.key, location.hash, navigationType]);

  return null;
}

function elementForHash(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // A malformed escape in the address: there is no such element.
    return null;
  }
}

/*
 * Registers the service worker (built by vite-plugin-pwa into /sw.js) once the
 * page has loaded, painted and settled, so fetching the app's files for offline
 * use never competes with the first paint or the page's own requests. A plain
 * deferred script: the CSP allows no inline script.
 */
(() => {
  if (!("serviceWorker" in navigator)) return;
  /** After the first paint, the page's own requests go first. */
  const SETTLE_MS = 2000;
  /** Registered by then whatever happens (a page that never paints text). */
  const LATEST_MS = 15000;
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
      console.warn("The app could not be made available offline:", error);
    });
  };
  const whenIdle = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: SETTLE_MS });
    else register();
  };
  window.addEventListener("load", () => {
    setTimeout(register, LATEST_MS);
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(whenIdle, SETTLE_MS);
    }).observe({ type: "paint", buffered: true });
  });
})();

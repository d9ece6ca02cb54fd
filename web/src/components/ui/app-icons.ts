import type { IconDrawing } from "./icon";

/*
 * Drawings of the app's frame (nav bar, toasts, error and offline screens) and the landing page: they load with the
 * entry on every page, so only those belong here; a page's own icons go in page-icons.ts and load with the page.
 */
export const closeIcon: IconDrawing = { d: "M6 6l12 12M18 6L6 18" };
export const menuIcon: IconDrawing = { d: "M4 7h16M4 12h16M4 17h16", round: "ends" };
export const monitorIcon: IconDrawing = { d: "M4 5h16v11H4zM9 20h6M12 16v4", round: "all" };
export const moonIcon: IconDrawing = { d: "M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z", round: "all" };
export const pauseIcon: IconDrawing = {
  d: "M7 5h2a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-12a1 1 0 0 1 1-1zM15 5h2a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-12a1 1 0 0 1 1-1z",
  filled: true,
};
export const playIcon: IconDrawing = {
  d: "M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z",
  filled: true,
};
export const sunIcon: IconDrawing = {
  d: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  round: "all",
};
export const warningIcon: IconDrawing = {
  d: "M12 9v4m0 4h.01M10.3 3.9L2.4 17.5A2 2 0 004.1 20.5h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z",
};
export const wifiOffIcon: IconDrawing = {
  d: "M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18",
  round: "ends",
};
export const boardIcon: IconDrawing = {
  d: "M9.5 6a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0zM3 9a2 2 0 1 0 4 0a2 2 0 1 0-4 0zM17 9a2 2 0 1 0 4 0a2 2 0 1 0-4 0zM3 20h18M6 20v-4h12v4M7.5 16a4.5 4.5 0 0 1 9 0",
  round: "all",
};
export const bookmarkIcon: IconDrawing = { d: "M6 3h12v18l-6-4-6 4z" };
export const globeIcon: IconDrawing = {
  d: "M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z",
  round: "ends",
};

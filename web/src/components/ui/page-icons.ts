import type { IconDrawing } from "./icon";

/* Drawings used only by pages loaded on demand, so they stay off the landing page (see app-icons.ts). */
export const arrowDownIcon: IconDrawing = { d: "M12 5v14M6 13l6 6 6-6" };
export const boltIcon: IconDrawing = { d: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z" };
export const checkIcon: IconDrawing = {
  d: "M4.5 10.5l3.5 3.5 7.5-8",
  viewBox: "0 0 20 20",
  strokeWidth: 2.5,
  round: "all",
};
export const chevronDownIcon: IconDrawing = { d: "m6 9 6 6 6-6" };
export const chevronLeftIcon: IconDrawing = { d: "M15 6l-6 6 6 6" };
export const chevronRightIcon: IconDrawing = { d: "M9 6l6 6-6 6" };
export const copyIcon: IconDrawing = {
  d: "M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM5 15V5a2 2 0 0 1 2-2h8",
};
export const errorIcon: IconDrawing = { d: "M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM12 7v6M12 16.5v.5" };
export const infoIcon: IconDrawing = { d: "M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0zM12 11v5M12 8h.01", round: "ends" };
export const listIcon: IconDrawing = { d: "M4 6h16M4 12h16M4 18h10" };
export const lockIcon: IconDrawing = {
  d: "M7 11h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-10a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2zM8 11V7a4 4 0 0 1 8 0v4",
  round: "ends",
};
export const mailIcon: IconDrawing = {
  d: "M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-14a2 2 0 0 1-2-2v-10a2 2 0 0 1 2-2zm-2 2 9 6 9-6",
};
export const memoIcon: IconDrawing = { d: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6", round: "ends" };
export const messageIcon: IconDrawing = { d: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" };
export const moreIcon: IconDrawing = {
  d: "M3.2 12a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0zM10.2 12a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0zM17.2 12a1.8 1.8 0 1 0 3.6 0a1.8 1.8 0 1 0-3.6 0z",
  filled: true,
};
/** The Markdown mark: "M" and a down arrow in a box. */
export const markdownIcon: IconDrawing = {
  d: "M3 6h18v12H3zM6.5 15V9l2.5 3 2.5-3v6M16.5 9v6M14 12.5l2.5 2.5 2.5-2.5",
};
export const newConversationIcon: IconDrawing = {
  d: "M12 20H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v7M16 19h6M19 16v6",
};
export const paperclipIcon: IconDrawing = {
  d: "M20.5 11.5l-8.3 8.3a5 5 0 0 1-7.1-7.1l8.6-8.6a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8",
};
export const pencilIcon: IconDrawing = { d: "M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" };
export const plusIcon: IconDrawing = { d: "M12 5v14M5 12h14", strokeWidth: 2.5 };
export const retryIcon: IconDrawing = {
  d: "M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M21 12a9 9 0 0 1-15.5 6.2L3 16M3 21v-5h5",
};
export const searchIcon: IconDrawing = { d: "M4 11a7 7 0 1 0 14 0a7 7 0 1 0-14 0zm16 9-3.5-3.5" };
export const sendIcon: IconDrawing = { d: "M5 12h14M13 6l6 6-6 6" };
export const shieldCheckIcon: IconDrawing = {
  d: "M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zM9 12l2 2 4-4",
  round: "all",
};
export const sparklesIcon: IconDrawing = {
  d: "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z",
  round: "all",
};
export const stopIcon: IconDrawing = {
  d: "M8 6h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z",
  filled: true,
};
export const thumbUpIcon: IconDrawing = {
  d: "M7 10v10H4V10h3Zm0 0 4-7a2 2 0 0 1 3 2l-1 5h5.5a2 2 0 0 1 2 2.4l-1.4 6A2 2 0 0 1 17.2 20H7",
};
export const trashIcon: IconDrawing = { d: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" };
export const micIcon: IconDrawing = {
  d: "M9 6a3 3 0 0 1 6 0v5a3 3 0 0 1-6 0zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21",
  round: "all",
};
export const speakerIcon: IconDrawing = {
  d: "M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11",
  round: "all",
};
export const pauseIcon: IconDrawing = { d: "M8 6h2.5v12H8zM13.5 6H16v12h-2.5z", filled: true };

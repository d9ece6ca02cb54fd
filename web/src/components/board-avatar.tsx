import { cn } from "../lib/cn";

/** Three heads around a table: the board. */
export function BoardIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="6" r="2.5" />
      <circle cx="5" cy="9" r="2" />
      <circle cx="19" cy="9" r="2" />
      <path d="M3 20h18M6 20v-4h12v4M7.5 16a4.5 4.5 0 0 1 9 0" />
    </svg>
  );
}

/** A board meeting's mark in lists, the size of a director's avatar. */
export function BoardAvatar({ size = "md" }: { size?: "xs" | "sm" | "md" }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800",
        size === "xs" ? "h-6 w-6" : size === "sm" ? "h-8 w-8" : "h-10 w-10",
      )}
    >
      <BoardIcon className={size === "xs" ? "h-3.5 w-3.5" : size === "sm" ? "h-4.5 w-4.5" : "h-5 w-5"} />
    </span>
  );
}

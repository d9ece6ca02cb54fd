import { cn } from "../lib/cn";
import { boardIcon } from "./ui/app-icons";
import { Icon } from "./ui/icon";

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
      <Icon drawing={boardIcon} className={size === "xs" ? "h-3.5 w-3.5" : size === "sm" ? "h-4.5 w-4.5" : "h-5 w-5"} />
    </span>
  );
}

import type { ReactNode } from "react";
import type { Director, DirectorId } from "#shared/directors";
import { cn } from "../lib/cn";

const COLORS: Record<DirectorId, string> = {
  martha: "bg-rose-100 text-rose-800",
  finn: "bg-emerald-100 text-emerald-800",
  ollie: "bg-amber-100 text-amber-800",
  harper: "bg-violet-100 text-violet-800",
  sam: "bg-sky-100 text-sky-800",
  ben: "bg-indigo-100 text-indigo-800",
};

export type AvatarSize = "xs" | "sm" | "md";

/** The round mark beside a name in lists and conversations (a director's letter, the board's icon), in its colours. */
export function AvatarCircle(props: { size: AvatarSize; className: string; children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid shrink-0 place-items-center rounded-full font-semibold",
        props.size === "xs" ? "h-6 w-6 text-xs" : props.size === "sm" ? "h-8 w-8 text-sm" : "h-10 w-10 text-base",
        props.className,
      )}
    >
      {props.children}
    </span>
  );
}

/** The director's one-letter icon. */
export function DirectorAvatar({ director, size = "md" }: { director: Director; size?: AvatarSize }) {
  return (
    <AvatarCircle size={size} className={COLORS[director.id]}>
      {director.icon}
    </AvatarCircle>
  );
}

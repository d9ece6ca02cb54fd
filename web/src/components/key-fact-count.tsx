import type { DirectorKnowledge } from "#shared/key-fact-status";
import { cn } from "../lib/cn";

/**
 * How many of its key facts a director knows, as a row of marks, one per key
 * fact, the known ones filled: a count to read at a glance, where a ring would
 * look like a loading spinner. The words beside it say the numbers.
 */
export function KeyFactCount({ knowledge, className }: { knowledge: DirectorKnowledge; className?: string }) {
  const marks = Array.from({ length: knowledge.total }, (_, index) => index < knowledge.known);
  return (
    <span aria-hidden="true" className={cn("inline-flex shrink-0 items-center gap-[2px]", className)}>
      {marks.map((known, index) => (
        <span
          // The marks never move: their place is who they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical marks.
          key={index}
          className={cn("h-2.5 w-1 rounded-[1px] bg-current", known ? "" : "opacity-25")}
        />
      ))}
    </span>
  );
}

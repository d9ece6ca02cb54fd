import type { DirectorKnowledge } from "#shared/key-fact-status";
import { cn } from "../lib/cn";

/** How many of its key facts a director knows, as a ring (the words beside it say the numbers). */
export function KnowledgeRing({ knowledge, className }: { knowledge: DirectorKnowledge; className?: string }) {
  const share = knowledge.total === 0 ? 0 : knowledge.known / knowledge.total;
  const circumference = 2 * Math.PI * 8;
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={cn("h-4 w-4 -rotate-90", className)}>
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <circle
        cx="10"
        cy="10"
        r="8"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeDasharray={`${share * circumference} ${circumference}`}
        strokeLinecap="round"
      />
    </svg>
  );
}

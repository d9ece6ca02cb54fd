import type { ReactNode } from "react";
import { Icon } from "../../components/ui/icon";
import { chevronDownIcon } from "../../components/ui/page-icons";

/** One director's part of a list, folded: its summary line with a chevron, opened to show what follows it. */
export function DirectorFold({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl p-3 hover:bg-slate-50">
        {summary}
        <Icon
          drawing={chevronDownIcon}
          className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
        />
      </summary>
      {children}
    </details>
  );
}

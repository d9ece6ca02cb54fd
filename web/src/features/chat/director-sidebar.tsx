import type { ReactNode } from "react";
import { SIDEBAR_SKELETON_ROWS } from "#shared/constants";
import type { DirectorState } from "#shared/director-states";
import { DIRECTORS, type DirectorId } from "#shared/directors";
import { DirectorAvatar } from "../../components/director-avatar";
import { Icon } from "../../components/ui/icon";
import { lockIcon } from "../../components/ui/page-icons";
import { Loading, Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { useDirectorList } from "./chat-api";

const SKELETON_ROWS = Array.from({ length: SIDEBAR_SKELETON_ROWS }, (_, index) => `skeleton-${index + 1}`);

const STATE_LABELS: Partial<Record<DirectorState, string>> = {
  available: "Not trained yet",
  over_limit: "Upgrade to Access",
  unavailable: "Coming soon",
};

/** The spec's left-hand director selector, shown from medium width up; the conversation history sits under it. */
export function DirectorSidebar({
  selectedId,
  onSelect,
  children,
}: {
  selectedId: string;
  onSelect: (id: DirectorId) => void;
  children?: ReactNode;
}) {
  const list = useDirectorList();
  const stateOf = (id: DirectorId) => list.data?.directors.find((director) => director.id === id)?.state;

  return (
    <aside
      aria-labelledby="directors-heading"
      className="hidden w-60 shrink-0 flex-col border-r border-slate-200 bg-white md:flex lg:w-72"
    >
      <h2
        id="directors-heading"
        className="px-5 pt-4 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Directors
      </h2>
      {list.isPending ? (
        <Loading label="Loading directors…" className="space-y-1 px-3">
          {SKELETON_ROWS.map((row) => (
            <div key={row} data-testid="director-skeleton" className="flex items-center gap-3 px-2 py-1.5">
              <Skeleton className="h-8 w-8 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-3.5 w-20" />
                <Skeleton className="h-3 w-32" />
              </div>
            </div>
          ))}
        </Loading>
      ) : (
        // Compact rows leave the history room for several conversations on a laptop screen.
        <ul className="max-h-[50%] shrink-0 space-y-0.5 overflow-y-auto border-b border-slate-200 px-3 pb-2">
          {DIRECTORS.map((director) => {
            const state = stateOf(director.id);
            const selected = director.id === selectedId;
            const note = state ? STATE_LABELS[state] : undefined;
            return (
              <li key={director.id}>
                <button
                  type="button"
                  onClick={() => onSelect(director.id)}
                  disabled={state === "unavailable" && !selected}
                  aria-current={selected ? "page" : undefined}
                  className={cn(
                    "flex w-full items-center gap-3 rounded-xl px-2 py-1.5 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-50",
                    selected ? "bg-brand-50 ring-1 ring-brand-200" : "hover:bg-slate-50",
                  )}
                >
                  <DirectorAvatar director={director} size="sm" />
                  {/* The note sits beside the name but is read after the title: "Finn, Finance Director, Not trained yet". */}
                  <span className="grid min-w-0 flex-1 grid-cols-[1fr_auto] items-baseline gap-x-2">
                    <span
                      className={cn(
                        "col-start-1 row-start-1 font-medium",
                        selected ? "text-brand-900" : "text-slate-900",
                      )}
                    >
                      {director.name}
                    </span>
                    <span className="col-span-2 row-start-2 truncate text-sm text-slate-600">
                      {director.sidebarTitle}
                    </span>
                    {note ? (
                      <span className="col-start-2 row-start-1 flex items-center gap-1 text-xs text-slate-500">
                        {state === "over_limit" ? <Icon drawing={lockIcon} className="h-3 w-3" /> : null}
                        {note}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {children}
    </aside>
  );
}

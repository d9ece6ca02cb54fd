import { useNavigate } from "react-router";
import { DIRECTORS, type DirectorId } from "../../../../shared/directors";
import { useDirectorList } from "./chat-api";

/** Phones have no sidebar: a compact switcher in the conversation header instead, with the board at its end. */
export function DirectorSwitcher({ selectedId, onSelect }: { selectedId: string; onSelect: (id: DirectorId) => void }) {
  const list = useDirectorList();
  const navigate = useNavigate();
  const stateOf = (id: DirectorId) => list.data?.directors.find((director) => director.id === id)?.state;
  const unavailable = (id: DirectorId) => stateOf(id) === "unavailable";
  // A locked director can still be opened: the conversation area shows the way to upgrade.
  const suffix = (id: DirectorId) =>
    stateOf(id) === "over_limit" ? " (locked)" : unavailable(id) ? " (coming soon)" : "";
  return (
    <div className="relative md:hidden">
      <label htmlFor="director-switcher" className="sr-only">
        Switch director
      </label>
      <select
        id="director-switcher"
        value={DIRECTORS.some((director) => director.id === selectedId) ? selectedId : ""}
        onChange={(event) =>
          event.target.value === "board" ? navigate("/board") : onSelect(event.target.value as DirectorId)
        }
        className="h-11 max-w-[9rem] appearance-none rounded-lg border border-slate-300 bg-white pr-8 pl-3 text-sm font-medium text-slate-800 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      >
        {DIRECTORS.some((director) => director.id === selectedId) ? null : (
          <option value="" disabled>
            Choose a director
          </option>
        )}
        {DIRECTORS.map((director) => (
          <option key={director.id} value={director.id} disabled={unavailable(director.id)}>
            {director.name} — {director.title}
            {suffix(director.id)}
          </option>
        ))}
        <option value="board">Board meeting</option>
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 right-2.5 h-4 w-4 -translate-y-1/2 text-slate-500"
        fill="currentColor"
      >
        <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
      </svg>
    </div>
  );
}

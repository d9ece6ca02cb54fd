import { useNavigate } from "react-router";
import { DIRECTORS, type DirectorId } from "#shared/directors";
import { Icon } from "../../components/ui/icon";
import { chevronDownIcon } from "../../components/ui/page-icons";
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
  const selected = DIRECTORS.find((director) => director.id === selectedId);
  // The native picker (the phone's own list, every director's name and title), drawn over by the director on
  // screen in two lines: their name and title in full, where the closed control would cut them short.
  return (
    <div className="relative min-w-0 flex-1 md:hidden">
      <label htmlFor="director-switcher" className="sr-only">
        Switch director
      </label>
      <select
        id="director-switcher"
        value={selected ? selectedId : ""}
        onChange={(event) =>
          event.target.value === "board" ? navigate("/board") : onSelect(event.target.value as DirectorId)
        }
        className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0"
      >
        {selected ? null : (
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
      <div
        aria-hidden="true"
        className="pointer-events-none flex h-11 flex-col justify-center rounded-lg border border-slate-300 bg-white pr-8 pl-3 shadow-sm peer-focus-visible:border-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/30"
      >
        <span className="truncate text-sm leading-tight font-semibold text-slate-900">
          {selected ? `${selected.name}${suffix(selected.id)}` : "Choose a director"}
        </span>
        {selected ? <span className="truncate text-xs leading-tight text-slate-600">{selected.title}</span> : null}
      </div>
      <Icon
        drawing={chevronDownIcon}
        className="pointer-events-none absolute top-1/2 right-2.5 h-4 w-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

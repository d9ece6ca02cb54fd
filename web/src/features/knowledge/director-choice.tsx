import { DIRECTORS, type DirectorId } from "#shared/directors";
import { ErrorLine } from "../../components/ui/field";

/**
 * Which directors may use a source: all of them (the default), or the ones
 * the owner ticks. null stands for all.
 */
export function DirectorChoice(props: {
  id: string;
  value: DirectorId[] | null;
  onChange: (value: DirectorId[] | null) => void;
  error?: string;
}) {
  const { value } = props;
  const all = value === null;
  return (
    <fieldset className="grid gap-2" aria-describedby={props.error ? `${props.id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Directors who may use it</legend>
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:min-h-0">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={all}
          onChange={(event) => props.onChange(event.target.checked ? null : [])}
        />
        All directors
      </label>
      {all ? null : (
        <div className="flex flex-wrap gap-x-4 gap-y-2 pl-6">
          {DIRECTORS.map((director) => (
            <label key={director.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:min-h-0">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={value.includes(director.id)}
                onChange={(event) =>
                  props.onChange(
                    event.target.checked ? [...value, director.id] : value.filter((id) => id !== director.id),
                  )
                }
              />
              {director.name}
            </label>
          ))}
        </div>
      )}
      <ErrorLine id={`${props.id}-error`} message={props.error} />
    </fieldset>
  );
}

export function directorNames(ids: DirectorId[] | null): string {
  if (ids === null) return "All directors";
  return DIRECTORS.filter((director) => ids.includes(director.id))
    .map((director) => director.name)
    .join(", ");
}

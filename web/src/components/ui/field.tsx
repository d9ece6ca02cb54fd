import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";

const CONTROL =
  "block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-invalid:focus:border-red-600 aria-invalid:focus:ring-red-600/30 sm:text-sm";

const SELECT =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-10 sm:text-sm";

/** A text control's classes: the shared look, its own shape, a red border while its value is refused, the caller's. */
function controlClass(shape: string, invalid: unknown, className: string | undefined) {
  return cn(CONTROL, shape, invalid ? "border-red-600" : "border-slate-300", className);
}

export function Input({ className, "aria-invalid": invalid, ...props }: ComponentProps<"input">) {
  return <input aria-invalid={invalid} className={controlClass("h-11 sm:h-10", invalid, className)} {...props} />;
}

export function Textarea({ className, "aria-invalid": invalid, ...props }: ComponentProps<"textarea">) {
  return <textarea aria-invalid={invalid} className={controlClass("resize-y", invalid, className)} {...props} />;
}

/** A label, its control and the message under it, wired for screen readers. */
export function Field(props: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="text-sm text-slate-600">
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <ErrorLine id={`${props.id}-error`} message={props.error} />
    </div>
  );
}

/** A labelled choice among fixed options, each shown by its entry in `labels` (or by its value when there is none). */
export function SelectField<V extends string>(props: {
  id: string;
  label: ReactNode;
  value: V;
  options: readonly V[];
  labels?: Record<V, string>;
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        className={cn(SELECT, props.className)}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as V)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A form's message about what went wrong, announced as it appears; nothing without one. */
export function ErrorLine(props: { id?: string; message: string | undefined }) {
  if (!props.message) return null;
  return (
    <p id={props.id} role="alert" className="text-sm font-medium text-red-700">
      {props.message}
    </p>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DIRECTORS, type DirectorId, findDirector } from "#shared/directors";
import { FACT_STATEMENT_MAX, factDateSchema, factStatementSchema } from "#shared/memory";
import { InlineFormActions } from "../../components/inline-form-actions";
import { Field, Input, Textarea } from "../../components/ui/field";
import { submitHandler } from "../../lib/show-form-error";
import { today } from "./format-day";

const factFormSchema = z.object({
  statement: factStatementSchema,
  date: factDateSchema,
  directorId: z.string(),
  onlyDirector: z.boolean(),
});
export type FactFormValues = z.input<typeof factFormSchema>;

/**
 * A fact's words, its date and which directors use it; the same rules as the
 * server's. Adding by hand picks the director too; editing keeps the one it
 * came from. Escape or Cancel leaves it as it was.
 */
export function FactForm(props: {
  initial?: { statement: string; date: string; directorId: DirectorId | null; onlyDirector: boolean };
  /** Adding: the owner picks the director (or every director). */
  choosesDirector?: boolean;
  directors?: readonly DirectorId[];
  submitLabel: string;
  onSubmit: (values: {
    statement: string;
    date: string;
    directorId: DirectorId | null;
    onlyDirector: boolean;
  }) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<FactFormValues>({
    resolver: zodResolver(factFormSchema),
    defaultValues: {
      statement: props.initial?.statement ?? "",
      date: props.initial?.date ?? today(),
      directorId: props.initial?.directorId ?? "",
      onlyDirector: props.initial?.onlyDirector ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const directorId = form.watch("directorId");
  const director = findDirector(directorId);

  return (
    <form
      noValidate
      className="grid gap-3"
      onKeyDown={(event) => {
        if (event.key === "Escape" && props.onCancel) props.onCancel();
      }}
      onSubmit={submitHandler(form, async (values) => {
        await props.onSubmit({
          statement: values.statement.trim(),
          date: values.date,
          directorId: findDirector(values.directorId)?.id ?? null,
          onlyDirector: Boolean(findDirector(values.directorId)) && values.onlyDirector,
        });
        if (!props.initial) form.reset({ ...values, statement: "", date: today() });
      })}
    >
      <Field id={`${id}-statement`} label="The fact" error={errors.statement?.message}>
        <Textarea
          id={`${id}-statement`}
          rows={2}
          autoFocus={Boolean(props.initial)}
          maxLength={FACT_STATEMENT_MAX + 50}
          placeholder="e.g. We hired two mechanics in March."
          aria-invalid={Boolean(errors.statement)}
          aria-describedby={errors.statement ? `${id}-statement-error` : undefined}
          {...form.register("statement")}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-date`} label="Date it is about" error={errors.date?.message}>
          <Input
            id={`${id}-date`}
            type="date"
            aria-invalid={Boolean(errors.date)}
            aria-describedby={errors.date ? `${id}-date-error` : undefined}
            {...form.register("date")}
          />
        </Field>
        {props.choosesDirector ? (
          <Field id={`${id}-director`} label="For" error={errors.directorId?.message}>
            <select
              id={`${id}-director`}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
              {...form.register("directorId")}
            >
              <option value="">Every director</option>
              {DIRECTORS.filter((item) => !props.directors || props.directors.includes(item.id)).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}, {item.title}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      {director ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            {...form.register("onlyDirector")}
          />
          Only {director.name} uses this
        </label>
      ) : null}
      <InlineFormActions submitting={isSubmitting} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}

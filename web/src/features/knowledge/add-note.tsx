import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { DirectorId } from "#shared/directors";
import { type NoteInput, noteSchema } from "#shared/knowledge";
import { Button } from "../../components/ui/button";
import { ErrorLine, Field, Input, Textarea } from "../../components/ui/field";
import { addNote, KNOWLEDGE_QUERY_KEY } from "./knowledge-api";
import { showNoteError } from "./show-note-error";

/** A note: a title and pasted text. What was typed stays in the form until the server has it. */
export function AddNote(props: { directorIds: DirectorId[] | null }) {
  const queryClient = useQueryClient();
  const form = useForm<NoteInput>({ resolver: zodResolver(noteSchema), defaultValues: { title: "", text: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await addNote({ title: values.title, text: values.text, directorIds: props.directorIds });
      form.reset({ title: "", text: "" });
      await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
    } catch (failure) {
      showNoteError(form, failure);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <Field id="knowledge-note-title" label="Title" error={errors.title?.message}>
        <Input
          id="knowledge-note-title"
          placeholder="e.g. How we handle refunds"
          aria-invalid={Boolean(errors.title)}
          {...form.register("title")}
        />
      </Field>
      <Field id="knowledge-note-text" label="Text" error={errors.text?.message}>
        <Textarea
          id="knowledge-note-text"
          rows={6}
          placeholder="Paste or write what your directors should know"
          aria-invalid={Boolean(errors.text)}
          {...form.register("text")}
        />
      </Field>
      <ErrorLine message={errors.root?.message} />
      <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Adding..." : "Add note"}
      </Button>
    </form>
  );
}

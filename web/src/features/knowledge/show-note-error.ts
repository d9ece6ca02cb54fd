import type { Path, UseFormReturn } from "react-hook-form";
import type { NoteEdit } from "#shared/knowledge";
import { ApiError } from "../../lib/api";

/** A refused note: the server's words go under the title or the text; anything else above the form's button. */
export function showNoteError<T extends NoteEdit>(form: UseFormReturn<T>, failure: unknown) {
  if (failure instanceof ApiError && (failure.fields.title || failure.fields.text)) {
    if (failure.fields.title) form.setError("title" as Path<T>, { message: failure.fields.title });
    if (failure.fields.text) form.setError("text" as Path<T>, { message: failure.fields.text });
    return;
  }
  form.setError("root", { message: (failure as Error).message });
}

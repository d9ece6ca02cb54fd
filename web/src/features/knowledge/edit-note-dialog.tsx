import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { type KnowledgeSourceItem, type NoteEdit, noteEditSchema } from "#shared/knowledge";
import { QueryView } from "../../components/query-view";
import { Button } from "../../components/ui/button";
import { ErrorLine, Field, Input, Textarea } from "../../components/ui/field";
import { LoadingBlocks } from "../../components/ui/loading-blocks";
import { toast } from "../../components/ui/use-toast";
import { editNote, KNOWLEDGE_QUERY_KEY, readSourceText } from "./knowledge-api";
import { showNoteError } from "./show-note-error";

/** A note's title and text, changed in place; the directors use the new text once it is read again. */
export function EditNoteDialog(props: {
  source: KnowledgeSourceItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { source } = props;
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ["knowledge", "text", source.id, source.readyAt],
    queryFn: () => readSourceText(source.id),
    enabled: props.open,
  });
  const form = useForm<NoteEdit>({ resolver: zodResolver(noteEditSchema), defaultValues: { title: "", text: "" } });
  const { errors } = form.formState;
  const loaded = current.data?.parts[0]?.text;
  useEffect(() => {
    if (props.open && loaded !== undefined) form.reset({ title: source.name, text: loaded });
  }, [props.open, loaded, source.name, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await editNote(source.id, values);
      await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
      props.onOpenChange(false);
      toast({ title: "Note saved", description: "Your directors use the new text once it is read." });
    } catch (failure) {
      showNoteError(form, failure);
    }
  });

  const titleId = `edit-note-title-${source.id}`;
  const textId = `edit-note-text-${source.id}`;
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div>
            <Dialog.Title className="text-lg font-semibold text-slate-900">Edit note</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">
              Your directors use the new text from the next answer once it is read.
            </Dialog.Description>
          </div>
          <QueryView
            query={current}
            loading={
              <LoadingBlocks label="Loading the note…" className="grid gap-2" blocks={["h-10 w-full", "h-40 w-full"]} />
            }
            errorClassName="text-sm font-medium text-red-700"
          >
            {() => (
              <form noValidate onSubmit={submit} className="grid gap-3">
                <Field id={titleId} label="Title" error={errors.title?.message}>
                  <Input id={titleId} aria-invalid={Boolean(errors.title)} {...form.register("title")} />
                </Field>
                <Field id={textId} label="Text" error={errors.text?.message}>
                  <Textarea id={textId} rows={10} aria-invalid={Boolean(errors.text)} {...form.register("text")} />
                </Field>
                <ErrorLine message={errors.root?.message} />
                <div className="flex justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button type="button" variant="secondary">
                      Cancel
                    </Button>
                  </Dialog.Close>
                  <Button type="submit" disabled={form.formState.isSubmitting}>
                    {form.formState.isSubmitting ? "Saving..." : "Save note"}
                  </Button>
                </div>
              </form>
            )}
          </QueryView>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

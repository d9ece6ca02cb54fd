import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { DirectorId } from "#shared/directors";
import { type WebPageInput, webPageSchema } from "#shared/knowledge";
import { Button } from "../../components/ui/button";
import { Field, Input } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { addWebPage, KNOWLEDGE_QUERY_KEY } from "./knowledge-api";

/** A web page by its address: the server fetches it and keeps its readable text. */
export function AddWebPage(props: { directorIds: DirectorId[] | null }) {
  const queryClient = useQueryClient();
  const form = useForm<WebPageInput>({ resolver: zodResolver(webPageSchema), defaultValues: { url: "" } });
  const error = form.formState.errors.url?.message ?? form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await addWebPage({ url: values.url, directorIds: props.directorIds });
      form.reset({ url: "" });
      await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
    } catch (failure) {
      const message =
        failure instanceof ApiError ? (failure.fields.url ?? failure.message) : (failure as Error).message;
      form.setError("url", { message });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <Field
        id="knowledge-url"
        label="Web page address"
        hint="We keep the page's readable text, not its menus and footers."
        error={error}
      >
        <Input
          id="knowledge-url"
          type="text"
          inputMode="url"
          placeholder="www.example.com/about"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "knowledge-url-hint knowledge-url-error" : "knowledge-url-hint"}
          {...form.register("url")}
        />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Adding..." : "Add page"}
      </Button>
    </form>
  );
}

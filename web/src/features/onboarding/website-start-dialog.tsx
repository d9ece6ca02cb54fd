import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { ERRORS } from "#shared/errors";
import { type WebsiteDraft, type WebsiteDraftRequest, websiteDraftRequestSchema } from "#shared/website-draft";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogClose } from "../../components/ui/confirm-dialog";
import { Field, Input } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { draftFromWebsite } from "./onboarding-api";
import { siteName } from "./website-draft-store";

const ANSWER_MYSELF = "Answer the questions myself";

/**
 * "Start from your website": the owner gives an address, the server reads the
 * page and drafts the ten answers. While it works the dialog shows how long it
 * has been going and can be stopped (closing it stops it too); a site that
 * cannot be read, or no AI service, is said plainly and the owner carries on
 * by hand. Nothing the owner typed in the steps is touched here.
 */
export function WebsiteStartDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  aiConfigured: boolean;
  onDrafted: (draft: WebsiteDraft) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const form = useForm<WebsiteDraftRequest>({
    resolver: zodResolver(websiteDraftRequestSchema),
    defaultValues: { url: "" },
  });
  const running = useRef<AbortController | null>(null);
  const [drafting, setDrafting] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const seconds = useSecondsSince(drafting !== null);
  const error = form.formState.errors.url?.message;

  // Closing the dialog, or leaving the page, stops a draft under way.
  useEffect(() => () => running.current?.abort(), []);
  function changeOpen(open: boolean) {
    if (!open) stop();
    props.onOpenChange(open);
  }

  function stop() {
    running.current?.abort();
    running.current = null;
  }

  const submit = form.handleSubmit(async (values) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setStopped(false);
    setDrafting(values.url);
    try {
      const draft = await draftFromWebsite(values, controller.signal);
      if (controller.signal.aborted) return;
      props.onDrafted(draft);
      props.onOpenChange(false);
    } catch (failure) {
      if (controller.signal.aborted) {
        setStopped(true);
        return;
      }
      const message =
        failure instanceof ApiError ? (failure.fields.url ?? failure.message) : ERRORS["server:internal"].message;
      form.setError("url", { message }, { shouldFocus: true });
    } finally {
      if (running.current === controller) running.current = null;
      setDrafting(null);
    }
  });

  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={changeOpen}
      onCloseAutoFocus={props.onCloseAutoFocus}
      title="Start from your website"
      description={
        props.aiConfigured ? (
          <p>
            Give us your website's address and we'll draft all ten answers from it. You check each one and change what's
            wrong. Nothing is saved until you complete the last step.
          </p>
        ) : (
          <p>{ERRORS["website:no_ai_service"].message}</p>
        )
      }
    >
      {props.aiConfigured ? (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field id="website-address" label="Your website's address" error={error}>
            <Input
              id="website-address"
              type="text"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="www.example.com"
              readOnly={drafting !== null}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? "website-address-error" : undefined}
              {...form.register("url")}
            />
          </Field>
          {drafting !== null ? (
            <div className="grid gap-3">
              <p className="text-sm font-medium text-slate-900" aria-live="polite">
                Reading {siteName(drafting)} and drafting your answers…
              </p>
              <div
                role="progressbar"
                aria-label="Drafting your answers"
                aria-valuetext={`${seconds} seconds so far`}
                className="h-2 w-full animate-pulse rounded-full bg-brand-500"
              />
              <p className="text-xs text-slate-500">This usually takes under a minute · {seconds} s</p>
              <div className="flex justify-end">
                <Button type="button" variant="secondary" onClick={stop}>
                  Stop
                </Button>
              </div>
            </div>
          ) : (
            <>
              {stopped ? (
                <p className="text-sm text-slate-600" role="status">
                  Stopped. Nothing was changed.
                </p>
              ) : null}
              {error ? <p className="text-sm text-slate-600">You can also answer the ten questions yourself.</p> : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button type="button" variant="secondary">
                    {ANSWER_MYSELF}
                  </Button>
                </DialogClose>
                <Button type="submit">Draft my answers</Button>
              </div>
            </>
          )}
        </form>
      ) : (
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button>{ANSWER_MYSELF}</Button>
          </DialogClose>
        </div>
      )}
    </ConfirmDialog>
  );
}

/** Whole seconds since `active` became true; 0 while it is false. */
function useSecondsSince(active: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return seconds;
}

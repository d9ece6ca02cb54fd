import { zodResolver } from "@hookform/resolvers/zod";
import { type KeyboardEvent, useEffect } from "react";
import { useForm } from "react-hook-form";
import { type ChatMessageInput, chatMessageSchema } from "#shared/chat";
import { CHAT_MESSAGE_MAX_LENGTH } from "#shared/constants";
import type { Director } from "#shared/directors";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { boltIcon, sendIcon, stopIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";

/** Show the character count once a message gets close to the limit. */
const COUNT_FROM = CHAT_MESSAGE_MAX_LENGTH - 500;

type ChatComposerProps = {
  director: Director;
  /** Sending is ignored while an answer loads or the chat is in error. */
  canSend: boolean;
  /** An answer is on its way: the send button becomes a stop button. */
  answering: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Text to put back in the box, e.g. after the server refused the message. */
  restore: { text: string } | null;
  /** Phones have no Superpowers panel: a button beside the box opens the suggested prompts. */
  onOpenSuperpowers?: () => void;
};

/** The message box: Enter sends, Shift+Enter starts a new line, blank text is ignored, emptied after sending. */
export function ChatComposer({
  director,
  canSend,
  answering,
  onSend,
  onStop,
  restore,
  onOpenSuperpowers,
}: ChatComposerProps) {
  const form = useForm<ChatMessageInput>({
    resolver: zodResolver(chatMessageSchema),
    defaultValues: { text: "" },
  });
  const text = form.watch("text");
  const tooLong = form.formState.errors.text && text.trim() !== "" ? form.formState.errors.text.message : undefined;

  useEffect(() => {
    if (restore) form.setValue("text", restore.text);
  }, [restore, form]);

  // A conversation opens with the cursor in the message box, where there is a keyboard to type with; a phone's
  // on-screen keyboard is not pushed up until the owner taps the box.
  useEffect(() => {
    if (window.matchMedia("(pointer: fine)").matches) form.setFocus("text");
  }, [form]);

  const submit = form.handleSubmit((values) => {
    if (!canSend) return;
    onSend(values.text);
    form.reset({ text: "" });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const inputId = `chat-input-${director.id}`;
  return (
    <form
      onSubmit={submit}
      className="border-t border-slate-200 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6"
    >
      <div
        className={cn(
          "flex items-end gap-2 rounded-2xl border bg-white p-1.5 pl-3 shadow-sm transition-colors focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30",
          tooLong ? "border-red-600" : "border-slate-300",
        )}
      >
        {onOpenSuperpowers ? (
          <Button
            type="button"
            size="icon"
            variant="ghost"
            onClick={onOpenSuperpowers}
            aria-label="Superpowers"
            className="-ml-1.5 shrink-0 rounded-xl text-brand-700 md:hidden"
          >
            <Icon drawing={boltIcon} className="h-5 w-5" />
          </Button>
        ) : null}
        <label htmlFor={inputId} className="sr-only">
          Message {director.name}
        </label>
        <textarea
          id={inputId}
          rows={1}
          placeholder={`Ask ${director.name} anything...`}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={tooLong ? `${inputId}-error` : undefined}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-48 min-h-11 sm:min-h-10 flex-1 resize-none bg-transparent py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none sm:text-sm"
          {...form.register("text")}
        />
        {answering ? (
          <Button
            type="button"
            size="icon"
            variant="secondary"
            onClick={onStop}
            aria-label="Stop answer"
            className="rounded-xl"
          >
            <Icon drawing={stopIcon} className="h-4 w-4" />
          </Button>
        ) : (
          <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} className="rounded-xl">
            <Icon drawing={sendIcon} className="h-5 w-5" />
          </Button>
        )}
      </div>
      <div
        className={cn(
          "mt-1.5 min-h-5 items-start justify-between gap-3 px-1 text-xs",
          tooLong || text.length > COUNT_FROM ? "flex" : "hidden sm:flex",
        )}
      >
        {tooLong ? (
          <p id={`${inputId}-error`} role="alert" className="font-medium text-red-700">
            {tooLong}
          </p>
        ) : (
          <p className="hidden text-slate-500 sm:block">Enter to send, Shift+Enter for a new line</p>
        )}
        {text.length > COUNT_FROM ? (
          <p
            className={cn(
              "ml-auto tabular-nums",
              text.length > CHAT_MESSAGE_MAX_LENGTH ? "text-red-700" : "text-slate-500",
            )}
          >
            {text.length.toLocaleString()} / {CHAT_MESSAGE_MAX_LENGTH.toLocaleString()}
          </p>
        ) : null}
      </div>
    </form>
  );
}

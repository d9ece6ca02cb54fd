import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { chatMessageSchema } from "#shared/chat";
import { CHAT_MESSAGE_MAX_LENGTH } from "#shared/constants";
import type { Director } from "#shared/directors";
import { KNOWLEDGE_ACCEPT } from "#shared/knowledge";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { boltIcon, paperclipIcon } from "../../components/ui/page-icons";
import { MicButton } from "../../components/voice/mic-button";
import { useSendAtOnce } from "../../components/voice/voice-support";
import { cn } from "../../lib/cn";
import { AttachmentChip, useChatAttachment } from "./chat-attachment";
import { RepeatButtons } from "./repeat-buttons";
import { SendOrStopButton } from "./send-or-stop-button";

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

/** The question about an attached file says which file it is, in the conversation and to the director. */
function withAttachment(text: string, fileName: string): string {
  return `${text}\n\nAttached file: ${fileName}`;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, blank text is
 * ignored, emptied after sending. A file attached here is added to the
 * owner's knowledge for this director; a question sent with it waits until
 * the file is read, and stays in the box if it cannot be.
 */
export function ChatComposer({
  director,
  canSend,
  answering,
  onSend,
  onStop,
  restore,
  onOpenSuperpowers,
}: ChatComposerProps) {
  // A plain controlled box rather than react-hook-form, which the chat page would otherwise fetch before a first
  // question can be asked. Checked when sent, then again as the text changes, as such a form is.
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [checked, setChecked] = useState(false);
  const error = checked ? chatMessageSchema.safeParse({ text }).error?.issues[0]?.message : undefined;
  const tooLong = error && text.trim() !== "" ? error : undefined;

  useEffect(() => {
    if (restore) setText(restore.text);
  }, [restore]);

  // A conversation opens with the cursor in the message box, where there is a keyboard to type with; a phone's
  // on-screen keyboard is not pushed up until the owner taps the box.
  useEffect(() => {
    if (window.matchMedia("(pointer: fine)").matches) box.current?.focus();
  }, []);

  const attachment = useChatAttachment(director);
  const fileInput = useRef<HTMLInputElement>(null);
  // A question sent before its file was read: it goes once the file is ready.
  const [held, setHeld] = useState<string | undefined>();
  const attached = attachment.state;

  const sendNow = (value: string) => {
    onSend(attached ? withAttachment(value, attached.name) : value);
    attachment.remove();
    setHeld(undefined);
    setText("");
    setChecked(false);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = chatMessageSchema.safeParse({ text });
    if (!parsed.success) {
      setChecked(true);
      box.current?.focus();
      return;
    }
    if (!canSend || attached?.phase === "failed") return;
    if (attached && attached.phase !== "ready") setHeld(parsed.data.text);
    else sendNow(parsed.data.text);
  };

  useEffect(() => {
    if (held === undefined) return;
    if (attached?.phase === "failed" || !attached) setHeld(undefined);
    else if (attached.phase === "ready" && canSend) sendNow(held);
  });

  // Spoken words join what is already in the box, to be read and corrected, unless the owner chose to send them at once.
  const [sendAtOnce] = useSendAtOnce();
  const onSpoken = (spoken: string) => {
    const current = text.trim();
    if (sendAtOnce && current === "" && canSend && !attached) return sendNow(spoken);
    setText(current ? `${current} ${spoken}` : spoken);
    box.current?.focus();
  };

  // "Repeat weekly" from the box: the question is asked each period from now on, each answer a new conversation.
  const canRepeat = text.trim() !== "" && !attached && held === undefined;
  const questionToRepeat = () => {
    const parsed = chatMessageSchema.safeParse({ text });
    if (parsed.success) return parsed.data.text;
    setChecked(true);
    box.current?.focus();
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const inputId = `chat-input-${director.id}`;
  return (
    <form
      onSubmit={submit}
      className="relative border-t border-slate-200 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6"
    >
      {attached ? (
        <AttachmentChip
          director={director}
          state={attached}
          onRemove={() => {
            attachment.remove();
            setHeld(undefined);
          }}
        />
      ) : null}
      {held !== undefined ? (
        <p className="mb-2 px-1 text-xs text-slate-600">
          Your question goes to {director.name} as soon as {attached?.name} is read.
        </p>
      ) : null}
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
        <input
          ref={fileInput}
          type="file"
          accept={KNOWLEDGE_ACCEPT}
          className="hidden"
          aria-label="File to attach"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void attachment.attach(file);
          }}
        />
        <Button
          type="button"
          size="icon"
          variant="ghost"
          onClick={() => fileInput.current?.click()}
          aria-label="Attach a file"
          title="Attach a file"
          disabled={held !== undefined}
          className={cn("shrink-0 rounded-xl text-slate-600", onOpenSuperpowers ? "md:-ml-1.5" : "-ml-1.5")}
        >
          <Icon drawing={paperclipIcon} className="h-5 w-5" />
        </Button>
        <MicButton label="Speak your question" onText={onSpoken} disabled={held !== undefined} />
        <label htmlFor={inputId} className="sr-only">
          Message {director.name}
        </label>
        <textarea
          id={inputId}
          rows={1}
          placeholder={attached ? `Ask ${director.name} about this file...` : `Ask ${director.name} anything...`}
          readOnly={held !== undefined}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={tooLong ? `${inputId}-error` : undefined}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-48 min-h-11 sm:min-h-10 flex-1 resize-none bg-transparent py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none sm:text-sm"
          ref={box}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SendOrStopButton
          answering={answering}
          onStop={onStop}
          stopLabel="Stop answer"
          sendLabel="Send message"
          canSend={canSend && held === undefined}
        />
      </div>
      <div
        className={cn(
          "mt-1.5 min-h-5 items-start justify-between gap-3 px-1 text-xs",
          tooLong || text.length > COUNT_FROM || canRepeat ? "flex" : "hidden sm:flex",
        )}
      >
        {tooLong ? (
          <p id={`${inputId}-error`} role="alert" className="font-medium text-red-700">
            {tooLong}
          </p>
        ) : (
          <p className="hidden text-slate-500 sm:block">Enter to send, Shift+Enter for a new line</p>
        )}
        {canRepeat ? (
          <span className="ml-auto flex shrink-0 gap-1">
            <RepeatButtons
              directorId={director.id}
              directorName={director.name}
              question={questionToRepeat}
              onScheduled={() => {
                setText("");
                setChecked(false);
              }}
              buttonClassName="-my-1 h-8 rounded-md px-2 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
            />
          </span>
        ) : null}
        {text.length > COUNT_FROM ? (
          <p
            className={cn(
              "tabular-nums",
              !canRepeat && "ml-auto",
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

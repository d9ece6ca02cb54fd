import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { type AnswerRating, type ChatMessageInput, chatMessageSchema, FEEDBACK_REASON_MAX_LENGTH } from "#shared/chat";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import {
  checkIcon,
  chevronLeftIcon,
  chevronRightIcon,
  copyIcon,
  markdownIcon,
  pencilIcon,
  retryIcon,
  thumbUpIcon,
} from "../../components/ui/page-icons";
import { errorToast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { copyAnswer, copyMarkdown } from "./answer-clipboard";
import { rateAnswer, showVersion } from "./chat-api";

/** The small buttons under a message; keyboard reachable, labelled for screen readers. */
export function ActionButton(props: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
      className={cn(
        "grid h-11 w-11 place-items-center rounded-md sm:h-8 sm:w-8 text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40",
        props.pressed && "bg-brand-50 text-brand-700",
      )}
    >
      {props.children}
    </button>
  );
}

/** "‹ 1 / 2 ›": flips between the versions of a question or an answer. */
export function VersionSwitcher(props: {
  versions: string[] | undefined;
  currentId: string;
  kind: "answer" | "question";
  disabled: boolean;
  onShown: () => void;
}) {
  const { versions } = props;
  if (!versions || versions.length < 2) return null;
  const index = versions.indexOf(props.currentId);
  const show = async (target: string | undefined) => {
    if (!target) return;
    try {
      await showVersion(target);
      props.onShown();
    } catch (error) {
      errorToast((error as Error).message);
    }
  };
  return (
    <span className="flex items-center text-xs text-slate-600 tabular-nums">
      <ActionButton
        label={`Previous ${props.kind} version`}
        disabled={props.disabled || index <= 0}
        onClick={() => void show(versions[index - 1])}
      >
        <Chevron direction="left" />
      </ActionButton>
      <span className="sr-only">
        Version {index + 1} of {versions.length}
      </span>
      <span aria-hidden="true">
        {index + 1} / {versions.length}
      </span>
      <ActionButton
        label={`Next ${props.kind} version`}
        disabled={props.disabled || index >= versions.length - 1}
        onClick={() => void show(versions[index + 1])}
      >
        <Chevron direction="right" />
      </ActionButton>
    </span>
  );
}

/** Copy (rich text, with a plain-text fallback) and "Copy as Markdown" beside it, each saying so for a moment. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<"answer" | "markdown" | undefined>();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(undefined), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (kind: "answer" | "markdown") => {
    try {
      await (kind === "answer" ? copyAnswer(text) : copyMarkdown(text));
      setCopied(kind);
    } catch {
      errorToast("The answer could not be copied. Select the text and copy it instead.");
    }
  };
  return (
    <>
      <ActionButton label={copied === "answer" ? "Copied" : "Copy answer"} onClick={() => void copy("answer")}>
        <Icon drawing={copied === "answer" ? checkIcon : copyIcon} className="h-4 w-4" />
      </ActionButton>
      <ActionButton
        label={copied === "markdown" ? "Copied as Markdown" : "Copy as Markdown"}
        onClick={() => void copy("markdown")}
      >
        <Icon drawing={copied === "markdown" ? checkIcon : markdownIcon} className="h-4 w-4" />
      </ActionButton>
      <span role="status" className={cn("text-xs text-brand-700", !copied && "sr-only")}>
        {copied === "answer" ? "Copied" : copied === "markdown" ? "Copied as Markdown" : ""}
      </span>
    </>
  );
}

/** Thumbs up or down on an answer, then an optional reason; stored so we learn which answers fail owners. */
export function AnswerFeedback(props: {
  messageId: string;
  rating: AnswerRating | null | undefined;
  reason: string | null | undefined;
}) {
  const [rating, setRating] = useState(props.rating ?? null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState(props.reason ?? "");
  const [thanks, setThanks] = useState(false);
  const save = async (next: AnswerRating | null, nextReason?: string) => {
    const previous = rating;
    setRating(next);
    try {
      await rateAnswer(props.messageId, { rating: next, reason: nextReason });
      return true;
    } catch (error) {
      setRating(previous);
      errorToast((error as Error).message);
      return false;
    }
  };
  const choose = async (next: AnswerRating) => {
    const value = rating === next ? null : next;
    if ((await save(value)) && value) {
      setAsking(true);
      setThanks(false);
    } else setAsking(false);
  };
  return (
    <>
      <ActionButton label="Good answer" pressed={rating === "up"} onClick={() => void choose("up")}>
        <Icon drawing={thumbUpIcon} className="h-4 w-4" />
      </ActionButton>
      <ActionButton label="Bad answer" pressed={rating === "down"} onClick={() => void choose("down")}>
        <Icon drawing={thumbUpIcon} className="h-4 w-4 rotate-180" />
      </ActionButton>
      {thanks ? <span className="text-xs text-slate-600">Thanks for telling us.</span> : null}
      {asking && rating ? (
        <form
          className="mt-1 flex w-full basis-full flex-wrap items-center gap-2"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await save(rating, reason.trim() || undefined)) {
              setAsking(false);
              setThanks(true);
            }
          }}
        >
          <label htmlFor={`reason-${props.messageId}`} className="sr-only">
            What made this answer {rating === "up" ? "good" : "bad"}? (optional)
          </label>
          <input
            id={`reason-${props.messageId}`}
            value={reason}
            maxLength={FEEDBACK_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setAsking(false);
            }}
            placeholder={rating === "up" ? "What helped? (optional)" : "What was wrong? (optional)"}
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <Button type="submit" size="sm" variant="secondary">
            Send
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
            Skip
          </Button>
        </form>
      ) : null}
    </>
  );
}

export function RegenerateButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <ActionButton label="Regenerate answer" disabled={disabled} onClick={onClick}>
      <Icon drawing={retryIcon} className="h-4 w-4" />
    </ActionButton>
  );
}

export function EditButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <ActionButton label="Edit question" disabled={disabled} onClick={onClick}>
      <Icon drawing={pencilIcon} className="h-4 w-4" />
    </ActionButton>
  );
}

/** The last question, edited in place: sent again, with the earlier exchange kept as a version. */
export function QuestionEditor(props: { text: string; onSend: (text: string) => void; onCancel: () => void }) {
  const form = useForm<ChatMessageInput>({
    resolver: zodResolver(chatMessageSchema),
    defaultValues: { text: props.text },
  });
  const field = useRef<HTMLTextAreaElement | null>(null);
  const { ref, ...registered } = form.register("text");
  useEffect(() => field.current?.focus(), []);
  const error = form.formState.errors.text?.message;
  return (
    <form
      onSubmit={form.handleSubmit((values) => props.onSend(values.text))}
      className="flex w-full max-w-[85%] flex-col gap-2 rounded-2xl border border-brand-300 bg-white p-3 shadow-sm sm:max-w-[75%]"
    >
      <label htmlFor="edit-question" className="sr-only">
        Edit your question
      </label>
      <textarea
        id="edit-question"
        rows={3}
        aria-invalid={error ? true : undefined}
        className="field-sizing-content max-h-60 min-h-16 resize-none text-[0.9375rem] text-slate-900 focus:outline-none"
        onKeyDown={(event) => {
          if (event.key === "Escape") props.onCancel();
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void form.handleSubmit((values) => props.onSend(values.text))();
          }
        }}
        ref={(element) => {
          ref(element);
          field.current = element;
        }}
        {...registered}
      />
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Send
        </Button>
      </div>
    </form>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return <Icon drawing={direction === "left" ? chevronLeftIcon : chevronRightIcon} className="h-4 w-4" />;
}

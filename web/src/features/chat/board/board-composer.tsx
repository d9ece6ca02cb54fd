import { zodResolver } from "@hookform/resolvers/zod";
import { type KeyboardEvent, useEffect } from "react";
import { useForm } from "react-hook-form";
import { BOARD_MIN_DIRECTORS, BOARD_TOO_FEW_DIRECTORS } from "#shared/board";
import { type ChatMessageInput, chatMessageSchema } from "#shared/chat";
import { type Director, type DirectorId, findDirector } from "#shared/directors";
import { DirectorAvatar } from "../../../components/director-avatar";
import { MicButton } from "../../../components/voice/mic-button";
import { useSendAtOnce } from "../../../components/voice/voice-support";
import { cn } from "../../../lib/cn";
import { SendOrStopButton } from "../send-or-stop-button";

type BoardComposerProps = {
  /** The directors who will answer: chosen below for a new meeting, the meeting's own for a follow-up. */
  directors: DirectorId[];
  /** A new meeting: the directors the owner may seat (trained, or the preview's), and a way to change who sits. */
  choice?: { seatable: Director[]; onChange: (directors: DirectorId[]) => void };
  followUp: boolean;
  chatLimitPerMinute: number | undefined;
  canSend: boolean;
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Text to put back in the box after the server refused it. */
  restore: { text: string } | null;
};

/**
 * The question to the board: who sits in (all trained directors by default,
 * at least two), the question (Enter sends, Shift+Enter a new line), and what
 * it costs: one chat message per director against the minute's limit.
 * While the board answers, the send button stops every answer.
 */
export function BoardComposer(props: BoardComposerProps) {
  const { directors, choice } = props;
  const form = useForm<ChatMessageInput>({ resolver: zodResolver(chatMessageSchema), defaultValues: { text: "" } });
  const text = form.watch("text");
  const tooLong = form.formState.errors.text && text.trim() !== "" ? form.formState.errors.text.message : undefined;
  const tooFew = directors.length < BOARD_MIN_DIRECTORS;

  useEffect(() => {
    if (props.restore) form.setValue("text", props.restore.text);
  }, [props.restore, form]);

  const submit = form.handleSubmit((values) => {
    if (!props.canSend || tooFew) return;
    props.onSend(values.text);
    form.reset({ text: "" });
  });

  // Spoken words join the box to be read and corrected, unless the owner chose to send them at once.
  const [sendAtOnce] = useSendAtOnce();
  const onSpoken = (spoken: string) => {
    const current = form.getValues("text").trim();
    if (sendAtOnce && current === "" && props.canSend && !tooFew) {
      props.onSend(spoken);
      return;
    }
    form.setValue("text", current ? `${current} ${spoken}` : spoken, { shouldValidate: current !== "" });
    form.setFocus("text");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const names = directors.map((id) => findDirector(id)?.name).filter(Boolean);
  return (
    <form
      onSubmit={submit}
      className="border-t border-slate-200 bg-white px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6"
    >
      <div className="relative mx-auto w-full max-w-5xl">
        {choice ? (
          <fieldset className="mb-3">
            <legend className="mb-2 text-sm font-medium text-slate-800">Who sits in</legend>
            <div className="flex flex-wrap gap-2">
              {choice.seatable.map((director) => {
                const seated = directors.includes(director.id);
                return (
                  <button
                    key={director.id}
                    type="button"
                    aria-pressed={seated}
                    disabled={props.busy}
                    onClick={() =>
                      choice.onChange(
                        seated
                          ? directors.filter((id) => id !== director.id)
                          : choice.seatable
                              .map((d) => d.id)
                              .filter((id) => id === director.id || directors.includes(id)),
                      )
                    }
                    className={cn(
                      "flex h-10 items-center gap-2 rounded-full border py-1 pr-3.5 pl-1 text-sm font-medium transition-colors",
                      seated
                        ? "border-brand-600 bg-brand-50 text-brand-900"
                        : "border-slate-300 bg-white text-slate-500 hover:border-slate-400",
                    )}
                  >
                    <span className={cn(!seated && "opacity-40 grayscale")}>
                      <DirectorAvatar director={director} size="sm" />
                    </span>
                    {director.name}
                    <span className="sr-only">, {director.title}</span>
                  </button>
                );
              })}
            </div>
            {tooFew ? (
              <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                {BOARD_TOO_FEW_DIRECTORS}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div
          className={cn(
            "flex items-end gap-2 rounded-2xl border bg-white p-1.5 pl-3 shadow-sm transition-colors focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30",
            tooLong ? "border-red-600" : "border-slate-300",
          )}
        >
          <MicButton label="Speak your question" onText={onSpoken} disabled={props.busy} className="-ml-1.5" />
          <label htmlFor="board-question" className="sr-only">
            {props.followUp ? "Follow-up question for the board" : "Question for the board"}
          </label>
          <textarea
            id="board-question"
            rows={1}
            placeholder={props.followUp ? "Ask the board a follow-up..." : "Ask your board anything..."}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby="board-cost"
            onKeyDown={onKeyDown}
            className="field-sizing-content max-h-48 min-h-10 flex-1 resize-none bg-transparent py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none sm:text-sm"
            {...form.register("text")}
          />
          <SendOrStopButton
            answering={props.busy}
            onStop={props.onStop}
            stopLabel="Stop all answers"
            sendLabel="Ask the board"
            canSend={props.canSend && !tooFew}
          />
        </div>
        <p id="board-cost" className="mt-1.5 px-1 text-xs text-slate-600">
          {tooLong ? (
            <span role="alert" className="font-medium text-red-700">
              {tooLong}
            </span>
          ) : (
            costNote(names as string[], props.chatLimitPerMinute)
          )}
        </p>
      </div>
    </form>
  );
}

/** "Martha, Finn and Ollie answer at once. You can send 20 messages a minute, and this question counts as 3." */
export function costNote(names: string[], limit: number | undefined): string {
  if (names.length === 0) return "";
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const count = names.length;
  const cost = limit
    ? ` You can send ${limit} messages a minute, and this question counts as ${count}.`
    : ` This question counts as ${count} messages, one for each director.`;
  return `${who} ${count === 1 ? "answers." : "answer at once."}${cost}`;
}

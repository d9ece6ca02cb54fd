import { BoardAvatar } from "../../../components/board-avatar";
import { DeferredMarkdown } from "../../../components/deferred-markdown";
import { formatTimeOfDay } from "../format-time";

/**
 * A board memo at the start of a chat carried on from a board meeting: the
 * director has it in mind, and the owner sees what the chat started from.
 */
export function CarriedMemo({ text, createdAt }: { text: string; createdAt: string | undefined }) {
  return (
    <li className="flex items-start gap-3">
      <BoardAvatar size="sm" />
      <div className="flex min-w-0 max-w-[85%] flex-col items-start gap-1 sm:max-w-[75%]">
        <div className="min-w-0 max-w-full rounded-2xl rounded-tl-md border border-brand-200 bg-brand-50/50 px-4 py-2.5 text-[0.9375rem] leading-relaxed text-slate-800 shadow-sm">
          <p className="mb-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
            From the board meeting: the memo
          </p>
          <DeferredMarkdown text={text} className="wrap-anywhere" />
        </div>
        <time dateTime={createdAt} className="px-1 text-xs text-slate-500">
          {formatTimeOfDay(createdAt)}
        </time>
      </div>
    </li>
  );
}

import { Link } from "react-router";
import type { Director } from "#shared/directors";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { trashIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";

type SuperpowersPanelProps = {
  director: Director | undefined;
  /** Prompts are disabled while loading or in error. */
  promptsDisabled: boolean;
  clearDisabled: boolean;
  onPrompt: (prompt: string) => void;
  onClear: () => void;
  /** A document is open beside the conversation: on wide screens it takes this panel's place. */
  besideDocument?: boolean;
};

/** The spec's right-hand panel, hidden under 768 px: three suggested prompts and "Clear conversation". */
export function SuperpowersPanel({
  director,
  promptsDisabled,
  clearDisabled,
  onPrompt,
  onClear,
  besideDocument = false,
}: SuperpowersPanelProps) {
  return (
    <aside
      aria-labelledby="superpowers-heading"
      className={cn(
        "hidden w-64 shrink-0 flex-col gap-6 overflow-y-auto border-l border-slate-200 bg-white p-5 md:flex lg:w-72",
        besideDocument && "lg:hidden",
      )}
    >
      <div>
        <h2 id="superpowers-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Superpowers
        </h2>
        {director ? (
          <>
            <p className="mt-2 text-sm text-slate-600">Try one of these to get started with {director.name}.</p>
            <PromptList
              prompts={director.prompts}
              disabled={promptsDisabled}
              onPrompt={onPrompt}
              className="mt-3 space-y-2"
            />
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Choose a director to see what they can help with.</p>
        )}
      </div>
      {director ? (
        <Link
          to="/knowledge"
          className="rounded-xl border border-dashed border-brand-300 px-3 py-2.5 text-sm text-brand-800 hover:bg-brand-50"
        >
          <span className="font-semibold">Knowledge</span>: teach {director.name} from your documents, web pages and
          notes.
        </Link>
      ) : null}
      {director ? (
        <Link
          to="/numbers"
          className="rounded-xl border border-dashed border-brand-300 px-3 py-2.5 text-sm text-brand-800 hover:bg-brand-50"
        >
          <span className="font-semibold">Numbers</span>: the figures {director.name} follows each week, and their
          trend.
        </Link>
      ) : null}
      <div className="mt-auto border-t border-slate-200 pt-4">
        <Button variant="secondary" className="w-full" disabled={clearDisabled} onClick={onClear}>
          <Icon drawing={trashIcon} className="h-4 w-4" />
          Clear conversation
        </Button>
      </div>
    </aside>
  );
}

/** The director's suggested prompts, each a button that asks it. */
export function PromptList(props: {
  prompts: readonly string[];
  disabled: boolean;
  onPrompt: (prompt: string) => void;
  className: string;
}) {
  return (
    <ul className={props.className}>
      {props.prompts.map((prompt) => (
        <li key={prompt}>
          <button
            type="button"
            disabled={props.disabled}
            onClick={() => props.onPrompt(prompt)}
            className="w-full rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 text-left text-sm leading-snug text-slate-800 transition-colors hover:border-brand-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-200 disabled:hover:bg-slate-50"
          >
            {prompt}
          </button>
        </li>
      ))}
    </ul>
  );
}

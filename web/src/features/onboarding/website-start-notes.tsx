import { globeIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { checkIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";
import type { DraftNote } from "./use-website-start";
import { siteName, type WebsiteStart } from "./website-draft-store";

const LINK = "rounded font-semibold text-brand-700 underline-offset-4 hover:underline";

/**
 * On the first step: the way to start from a website, or, once the answers
 * are drafted, where they came from and that nothing is saved yet.
 */
export function WebsiteStartPrompt(props: { website: WebsiteStart | undefined; onOpen: () => void }) {
  if (props.website?.status) {
    return (
      <div
        data-testid="website-start"
        className="mt-4 flex gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900"
      >
        <Icon drawing={checkIcon} className="mt-0.5 h-4 w-4 flex-none text-brand-700" />
        <p>
          Answers drafted from <span className="font-semibold">{siteName(props.website.url)}</span>. Check each one;
          nothing is saved until you complete.{" "}
          <button type="button" className={LINK} onClick={props.onOpen}>
            Use another address
          </button>
        </p>
      </div>
    );
  }
  return (
    <div
      data-testid="website-start"
      className="mt-4 flex gap-2 rounded-lg border border-dashed border-brand-200 px-3 py-2.5 text-sm text-slate-700"
    >
      <Icon drawing={globeIcon} className="mt-0.5 h-4 w-4 flex-none text-brand-700" />
      <p>
        Have a website?{" "}
        <button type="button" className={LINK} onClick={props.onOpen}>
          Start from your website
        </button>
        : we draft the ten answers from it, and you check them.
      </p>
    </div>
  );
}

/** Under a step's answer: how its draft came out. */
export function DraftNoteLine({ id, note }: { id: string; note: DraftNote }) {
  return (
    <p
      id={id}
      className={cn(
        "mt-2 flex items-start gap-1.5 text-sm",
        note.tone === "drafted" ? "text-slate-600" : "font-medium text-amber-800",
      )}
    >
      {note.tone === "drafted" ? (
        <Icon drawing={checkIcon} className="mt-0.5 h-4 w-4 flex-none text-brand-700" />
      ) : null}
      {note.text}
    </p>
  );
}

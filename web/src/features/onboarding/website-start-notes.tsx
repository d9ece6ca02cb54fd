import type { ReactNode } from "react";
import { globeIcon } from "../../components/ui/app-icons";
import { Icon, type IconDrawing } from "../../components/ui/icon";
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
      <PromptBox icon={checkIcon} className="bg-brand-50 text-brand-900">
        Answers drafted from <span className="font-semibold">{siteName(props.website.url)}</span>. Check each one;
        nothing is saved until you complete.{" "}
        <button type="button" className={LINK} onClick={props.onOpen}>
          Use another address
        </button>
      </PromptBox>
    );
  }
  return (
    <PromptBox icon={globeIcon} className="border border-dashed border-brand-200 text-slate-700">
      Have a website?{" "}
      <button type="button" className={LINK} onClick={props.onOpen}>
        Start from your website
      </button>
      : we draft the ten answers from it, and you check them.
    </PromptBox>
  );
}

function PromptBox(props: { icon: IconDrawing; className: string; children: ReactNode }) {
  return (
    <div data-testid="website-start" className={cn("mt-4 flex gap-2 rounded-lg px-3 py-2.5 text-sm", props.className)}>
      <Icon drawing={props.icon} className="mt-0.5 h-4 w-4 flex-none text-brand-700" />
      <p>{props.children}</p>
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

import { Popover } from "radix-ui";
import { Link } from "react-router";
import type { Director } from "#shared/directors";
import { KeyFactCount } from "../../components/key-fact-count";
import { useDirectors } from "../directors/directors-api";
import { KeyFactList } from "./key-fact-list";

/**
 * The chat header's "knows 7 of 10 key facts": opens the director's key facts,
 * the missing ones first, each answered in one field.
 */
export function KnowledgeMeter({ director }: { director: Director }) {
  const directors = useDirectors();
  const knowledge = directors.data?.directors.find((item) => item.id === director.id)?.knowledge;
  if (!knowledge) return null;
  const summary = `${director.name} knows ${knowledge.known} of ${knowledge.total} key facts`;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`${summary}. Show which`}
        className="inline-flex min-h-11 shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-1.5 py-0.5 text-xs sm:min-h-0 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm"
      >
        <KeyFactCount knowledge={knowledge} className="mr-1 max-sm:hidden" />
        {/* The short form's words are in the spoken name too ("… knows 10 of 12 key facts"). */}
        <span className="sm:hidden">
          {knowledge.known} of {knowledge.total}
        </span>
        <span className="hidden sm:inline">
          knows {knowledge.known} of {knowledge.total} key facts
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 grid max-h-[min(32rem,75dvh)] w-[min(26rem,calc(100vw-1.5rem))] gap-3 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-xl focus:outline-none"
        >
          <div>
            <h3 className="text-base font-semibold text-slate-900">What {director.name} knows</h3>
            <p className="mt-0.5 text-sm text-slate-600">
              {summary}.{" "}
              {knowledge.known < knowledge.total
                ? "Answer a missing one here, or tell them in the chat."
                : "Keep them up to date as things change."}
            </p>
          </div>
          <KeyFactList director={director} knowledge={knowledge} />
          <Link
            to="/settings#what-your-directors-know"
            className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Everything your directors know
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

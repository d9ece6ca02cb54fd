import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { findDirector } from "#shared/directors";
import type { RememberedFact } from "#shared/memory";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { checkIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";
import { formatDate } from "../../lib/format-date";
import { useBusyAction } from "../../lib/use-busy-action";
import { FactForm } from "./fact-form";
import { changeFact, deleteFact, refreshKnowledge } from "./memory-api";

/**
 * One fact with where and when it came from, and what the owner can do with
 * it: a noted one is kept (as is or edited) or dismissed; a kept one is edited
 * or deleted. `onChanged` runs after every change, with the fact as it now is
 * (undefined once deleted or dismissed).
 */
export function FactItem(props: {
  fact: RememberedFact;
  /** Under an answer the conversation is already on screen, so no link to it. */
  showSource: boolean;
  onChanged?: (fact: RememberedFact | undefined) => void;
}) {
  const { fact } = props;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, run] = useBusyAction();
  const director = findDirector(fact.directorId ?? "");
  const proposed = fact.status === "proposed";

  const act = (work: () => Promise<RememberedFact | undefined>) =>
    run(async () => {
      const changed = await work();
      await refreshKnowledge(queryClient);
      props.onChanged?.(changed);
    });

  if (editing) {
    return (
      <li className="rounded-xl border border-slate-200 bg-white p-3">
        <FactForm
          initial={fact}
          submitLabel={proposed ? "Save and keep" : "Save"}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const changed = await changeFact(fact.id, {
              statement: values.statement,
              date: values.date,
              onlyDirector: values.onlyDirector,
              status: "kept",
            });
            setEditing(false);
            await refreshKnowledge(queryClient);
            props.onChanged?.(changed);
          }}
        />
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm wrap-anywhere text-slate-900">{fact.statement}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
          <span>{formatDate(fact.date)}</span>
          <span aria-hidden="true">·</span>
          {props.showSource && fact.source ? (
            <Link
              to={`/chat?${new URLSearchParams({ director: fact.directorId ?? "", conversation: fact.source.conversationId, message: fact.source.messageId })}`}
              title={fact.source.title || undefined}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {originText(fact, true)}
            </Link>
          ) : (
            <span>{originText(fact, props.showSource)}</span>
          )}
          <span aria-hidden="true">·</span>
          <span>{fact.onlyDirector && director ? `Only ${director.name} uses this` : "Every director uses this"}</span>
          {!proposed && !props.showSource ? (
            <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
              <Icon drawing={checkIcon} className="h-3 w-3" />
              Kept
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1">
        {proposed ? (
          <Button
            size="sm"
            className="h-8"
            disabled={busy}
            aria-label={`Keep “${fact.statement}”`}
            onClick={() => void act(() => changeFact(fact.id, { status: "kept" }))}
          >
            Keep
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          className="h-8"
          disabled={busy}
          aria-label={`Edit “${fact.statement}”`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className={cn("h-8", !proposed && "text-red-700! hover:bg-red-50! hover:text-red-800!")}
          disabled={busy}
          aria-label={`${proposed ? "Dismiss" : "Delete"} “${fact.statement}”`}
          onClick={() =>
            void act(async () => {
              if (proposed) await changeFact(fact.id, { status: "dismissed" });
              else await deleteFact(fact.id);
              return undefined;
            })
          }
        >
          {proposed ? "Dismiss" : "Delete"}
        </Button>
      </div>
    </li>
  );
}

/** Where a fact came from, in the owner's words. */
function originText(fact: RememberedFact, withTitle: boolean): string {
  const director = findDirector(fact.directorId ?? "");
  if (fact.origin === "owner") return director ? `Added by you for ${director.name}` : "Added by you";
  if (fact.origin === "ask") return `Your answer to ${director?.name ?? "a director"}`;
  if (!fact.source) return `From a conversation with ${director?.name ?? "a director"} you deleted`;
  return withTitle && fact.source.title
    ? `From your chat with ${director?.name ?? "a director"}, “${shortTitle(fact.source.title)}”`
    : `Noted by ${director?.name ?? "a director"}`;
}

/** Conversation titles run to 80 characters; a fact's source line shows the first words. */
const SOURCE_TITLE_LENGTH = 32;

function shortTitle(title: string): string {
  if (title.length <= SOURCE_TITLE_LENGTH) return title;
  const cut = title.slice(0, SOURCE_TITLE_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), SOURCE_TITLE_LENGTH / 2)).trimEnd()}…`;
}

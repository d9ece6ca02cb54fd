import { Link } from "react-router";
import type { Director } from "#shared/directors";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { IconBadge } from "../../components/ui/icon-badge";
import { errorIcon, messageIcon } from "../../components/ui/page-icons";
import { Loading, Skeleton } from "../../components/ui/skeleton";
import { PromptList } from "./superpowers-panel";

/** What the conversation area shows besides messages: a load error, the skeleton, the empty state, the untrained note. */

export function LoadErrorAlert({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <div className="flex items-start gap-3">
        <Icon drawing={errorIcon} className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
        <div className="min-w-0">
          <h2 className="font-semibold">Error</h2>
          <p className="mt-1 text-sm">{message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {onRetry ? (
              <Button size="sm" variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            ) : null}
            <Button asChild size="sm" variant="ghost">
              <Link to="/select-department">All directors</Link>
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

export function ConversationSkeleton() {
  return (
    <Loading label="Loading conversation…" className="space-y-5">
      <div className="flex items-start gap-3">
        <Skeleton className="h-8 w-8 rounded-full" />
        <Skeleton className="h-20 w-3/4 rounded-2xl" />
      </div>
      <div className="flex justify-end">
        <Skeleton className="h-10 w-1/2 rounded-2xl" />
      </div>
      <div className="flex items-start gap-3">
        <Skeleton className="h-8 w-8 rounded-full" />
        <Skeleton className="h-14 w-2/3 rounded-2xl" />
      </div>
    </Loading>
  );
}

export function EmptyState({
  director,
  disabled,
  onPrompt,
}: {
  director: Director;
  disabled: boolean;
  onPrompt: (text: string) => void;
}) {
  return (
    <div className="mt-10 flex flex-col items-center text-center">
      <IconBadge drawing={messageIcon} tone="brand" />
      <h2 className="mt-3 text-base font-semibold text-slate-900">Start a conversation</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Ask {director.name} about your business. Answers draw on what you shared in onboarding and training.
      </p>
      <PromptList
        prompts={director.prompts}
        disabled={disabled}
        onPrompt={onPrompt}
        className="mt-5 grid w-full max-w-md gap-2 md:hidden"
      />
    </div>
  );
}

export function UntrainedNote({ director }: { director: Director }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      <p>{director.name} answers from your business profile. Ten training questions make the advice sharper.</p>
      <Button asChild size="sm" variant="secondary">
        <Link to={`/train-director/${director.id}`}>Train {director.name}</Link>
      </Button>
    </div>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Director } from "#shared/directors";
import { NoAiServiceNotice } from "../../components/no-ai-service-notice";
import { Card } from "../../components/ui/card";
import { Icon } from "../../components/ui/icon";
import { shieldCheckIcon } from "../../components/ui/page-icons";
import { Skeleton } from "../../components/ui/skeleton";

/** The spec's "Loading..." while the question is not ready. */
export function TrainingLoading({ director }: { director: Director }) {
  return (
    <TrainingLayout director={director} contextEnabled={false}>
      <Card className="mt-4 p-5 sm:mt-6 sm:p-8" aria-busy="true">
        <p className="text-sm font-medium text-slate-700">Loading...</p>
        <Skeleton className="mt-3 h-2 w-full rounded-full" />
        <Skeleton className="mt-8 h-6 w-3/4" />
        <Skeleton className="mt-3 h-4 w-1/2" />
        <Skeleton className="mt-4 h-32 w-full" />
      </Card>
    </TrainingLayout>
  );
}

export function TrainingLayout(props: { director: Director; contextEnabled: boolean; children: ReactNode }) {
  const { director } = props;
  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-5 sm:py-14">
      <div className="mx-auto w-full max-w-2xl">
        <Link
          to="/select-department"
          className="-my-3 inline-flex h-11 items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline sm:my-0 sm:h-auto"
        >
          <span aria-hidden="true">←</span> All directors
        </Link>
        <header className="mt-3 flex items-start gap-4 sm:mt-4">
          <span
            aria-hidden="true"
            className="hidden h-14 w-14 flex-none place-items-center rounded-xl bg-brand-100 text-2xl font-bold text-brand-800 sm:grid"
          >
            {director.icon}
          </span>
          <div>
            <p className="hidden text-sm font-semibold text-brand-700 sm:block">{director.title} · Training</p>
            <h1 className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Train {director.name}
            </h1>
            <p className="mt-2 hidden text-slate-600 sm:block">
              Ten questions about how your business works. The more specific you are, the more useful {director.name}'s
              advice will be.
            </p>
          </div>
        </header>

        {props.children}

        <NoAiServiceNotice className="mt-6" lead="You can train your directors now." />

        {props.contextEnabled ? (
          <div className="mt-6 flex gap-3 rounded-xl border border-brand-200 bg-white p-4 text-sm text-slate-700">
            <Icon drawing={shieldCheckIcon} className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
            <p>
              <span className="font-semibold text-slate-900">Contextual memory, stored securely.</span> Your answers,
              together with your business profile, become {director.name}'s memory of your business, so every answer
              fits it. They are stored securely in your account and used only to advise you.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

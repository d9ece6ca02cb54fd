import { Link } from "react-router";
import type { DirectorListResponse } from "#shared/director-states";
import { ERRORS } from "#shared/errors";
import { NoAiServiceNotice } from "../../components/no-ai-service-notice";
import { PageData } from "../../components/page-data";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Loading, Skeleton } from "../../components/ui/skeleton";
import { usePageTitle } from "../../lib/use-page-title";
import { WebsiteKnowledgeOffer } from "../onboarding/website-knowledge-offer";
import { DirectorCard } from "./director-card";
import { useDirectorsWhileLearning } from "./learning-note";

/** /select-department: the six directors with this user's state for each, from the server. */
export function SelectDepartmentPage() {
  usePageTitle("Your directors");
  const directors = useDirectorsWhileLearning();

  return (
    <div className="flex-1 bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8 sm:px-6 sm:py-14">
      <div className="mx-auto w-full max-w-6xl">
        <PageHeader
          className="max-w-2xl"
          eyebrow="Your leadership team"
          title="Select Your AI Directors"
          description="Train a director with ten questions about how your business works, then chat with them whenever you need advice that fits your business."
        />

        <WebsiteKnowledgeOffer className="mt-6" />
        <NoAiServiceNotice className="mt-6" lead="You can still train your directors now." />

        <PageData
          query={directors}
          loading={<DirectorGridSkeleton />}
          failedTitle="We could not load your directors."
          failedClassName="mt-8"
        >
          {(list) => (
            <>
              <PlanSummary list={list} />
              <ul className="mt-6 grid gap-4 sm:gap-5 md:grid-cols-2 lg:grid-cols-3">
                {list.directors.map((director) => (
                  <li key={director.id} className="flex">
                    <DirectorCard director={director} plan={list.plan} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </PageData>

        <LevelTwoTraining />
      </div>
    </div>
  );
}

/** What the plan allows, or why nothing can be trained right now. */
function PlanSummary({ list }: { list: DirectorListResponse }) {
  const { plan, trainedCount } = list;
  if (!plan) {
    return (
      <div className="mt-6 flex flex-col gap-3 rounded-xl border border-brand-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <p className="text-sm text-slate-700">Choose a plan to start training your directors.</p>
        <Button asChild size="sm">
          <Link to="/subscription">Choose a plan</Link>
        </Button>
      </div>
    );
  }
  if (plan.lapsed) {
    return (
      <PlanEnded heading={`Your ${plan.name} plan has ended`} message={ERRORS["plan:lapsed"].message} reason="lapsed" />
    );
  }
  if (plan.trialEnded) {
    return (
      <PlanEnded
        heading="Your free trial has ended"
        message={ERRORS["plan:trial_ended"].message}
        reason="trial_ended"
      />
    );
  }
  const allowed = plan.directorCount === 1 ? "1 director" : `${plan.directorCount} directors`;
  return (
    <p className="mt-6 inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full border border-slate-200 bg-white px-4 py-1.5 text-sm text-slate-700">
      <span>
        <span className="font-semibold text-slate-900">{plan.name} plan</span>: {allowed}
      </span>
      <span aria-hidden="true" className="text-slate-300">
        ·
      </span>
      <span>{trainedCount} trained</span>
    </p>
  );
}

/** The paid plan or the free trial has ended: which, why, and the way to choose a plan. */
function PlanEnded(props: { heading: string; message: string; reason: "lapsed" | "trial_ended" }) {
  return (
    <div
      role="alert"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div>
        <p className="font-semibold">{props.heading}</p>
        <p className="mt-1 text-sm">{props.message}</p>
      </div>
      <Button asChild size="sm">
        <Link to={`/subscription?reason=${props.reason}`}>Choose a plan</Link>
      </Button>
    </div>
  );
}

function DirectorGridSkeleton() {
  return (
    <Loading className="mt-6">
      <div className="grid gap-4 sm:gap-5 md:grid-cols-2 lg:grid-cols-3">
        {["a", "b", "c", "d", "e", "f"].map((key) => (
          <Card key={key} className="p-5 sm:p-6">
            <div className="flex items-center gap-3">
              <Skeleton className="h-12 w-12 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
            <Skeleton className="mt-5 h-3 w-full" />
            <Skeleton className="mt-2 h-3 w-4/5" />
            <Skeleton className="mt-6 h-10 w-full" />
          </Card>
        ))}
      </div>
    </Loading>
  );
}

/** The spec's "Level 2 Training" section; "Learn More" leads to the knowledge page, where Level 2 is real. */
function LevelTwoTraining() {
  return (
    <section
      aria-labelledby="level-2-heading"
      className="mt-10 overflow-hidden rounded-2xl border border-brand-900 bg-brand-900 text-white shadow-sm sm:mt-12"
    >
      <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="max-w-2xl">
          <p className="inline-flex rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase">
            Knowledge
          </p>
          <h2 id="level-2-heading" className="mt-3 text-xl font-bold sm:text-2xl">
            Level 2 Training
          </h2>
          <p className="mt-2 text-brand-100">
            Go deeper: teach your directors from your own documents, spreadsheets, web pages and notes, so their advice
            reflects every detail of how your business runs.
          </p>
        </div>
        <Button asChild variant="secondary" size="lg" className="self-start sm:self-center">
          <Link to="/knowledge">Learn More</Link>
        </Button>
      </div>
    </section>
  );
}

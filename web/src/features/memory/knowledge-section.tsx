import type { ReactNode } from "react";
import { Link } from "react-router";
import { findDirector } from "#shared/directors";
import type { AccountOverview } from "#shared/settings";
import { KeyFactCount } from "../../components/key-fact-count";
import { QueryView } from "../../components/query-view";
import { SettingsSection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { LoadingBlocks } from "../../components/ui/loading-blocks";
import { formatDate } from "../../lib/format-date";
import { DirectorFold } from "./director-fold";
import { KeepAutomatically } from "./keep-automatically";
import { KeyFactList } from "./key-fact-list";
import { useKnowledge } from "./memory-api";
import { RememberedFacts } from "./remembered-facts";
import { TrainingAnswers } from "./training-answers";

/**
 * Settings → "What your directors know": the facts they remember (and the
 * ones waiting for the owner's say), each director's key facts, the business
 * profile and the training answers, each with where and when it came from,
 * and each edited, deleted or added right here. The business profile's answers
 * and their forms belong to settings, which passes them in as `profileAnswers`.
 */
export function KnowledgeSection({
  profile,
  profileAnswers,
}: {
  profile: AccountOverview["profile"];
  profileAnswers: ReactNode;
}) {
  const knowledge = useKnowledge();
  const data = knowledge.data;
  return (
    <SettingsSection
      id="what-your-directors-know"
      title="What your directors know"
      description="Everything your directors use when they answer you. Change anything here and they use it from their next answer on."
    >
      <div className="grid gap-8">
        <QueryView
          query={knowledge}
          loading={<LoadingBlocks blocks={["h-16 w-full", "h-24 w-full"]} />}
          errorClassName="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          {(known) => (
            <>
              <Group id="remembered-facts" title="Facts they remember">
                <div className="grid gap-4">
                  <KeepAutomatically checked={known.keepAutomatically} noting={known.noting} />
                  <RememberedFacts
                    facts={known.facts}
                    proposed={known.proposed}
                    directors={known.directors.map((director) => director.directorId)}
                  />
                </div>
              </Group>
              <Group
                id="key-facts"
                title="Key facts"
                description="What matters most to each director's department, and which of it they know."
              >
                <div className="grid gap-2">
                  {known.directors.map((item) => {
                    const director = findDirector(item.directorId);
                    if (!director) return null;
                    return (
                      <DirectorFold
                        key={director.id}
                        summary={
                          <span className="flex min-w-0 items-center gap-2 text-sm">
                            <KeyFactCount knowledge={item} className="text-brand-700" />
                            <span className="font-semibold text-slate-900">{director.name}</span>
                            <span className="text-slate-600">
                              knows {item.known} of {item.total} key facts
                            </span>
                          </span>
                        }
                      >
                        <div className="border-t border-slate-200 p-3">
                          <KeyFactList director={director} knowledge={item} />
                        </div>
                      </DirectorFold>
                    );
                  })}
                </div>
              </Group>
            </>
          )}
        </QueryView>
        <Group
          id="business-profile"
          title="Business profile"
          description={
            data?.profile
              ? `From onboarding, last changed ${formatDate(data.profile.updatedAt)}. Every director starts from these answers.`
              : "Every director starts from these answers."
          }
          action={
            <Button asChild variant="secondary" size="sm">
              <Link to="/onboarding" aria-label={profile ? "Edit all answers step by step" : "Start onboarding"}>
                {profile ? "Edit all" : "Start onboarding"}
              </Link>
            </Button>
          }
        >
          {profileAnswers}
        </Group>
        {data ? (
          <Group
            id="training-answers"
            title="Training answers"
            description="What you told each director when you trained it. Only that director uses them."
          >
            <TrainingAnswers trainings={data.trainings} />
          </Group>
        ) : null}
      </div>
    </SettingsSection>
  );
}

function Group(props: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section id={props.id} aria-labelledby={`${props.id}-heading`} className="grid scroll-mt-24 gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-2">
        <div className="min-w-0">
          <h3 id={`${props.id}-heading`} className="text-base font-semibold text-slate-900">
            {props.title}
          </h3>
          {props.description ? <p className="mt-0.5 text-sm text-slate-600">{props.description}</p> : null}
        </div>
        {props.action}
      </div>
      {props.children}
    </section>
  );
}

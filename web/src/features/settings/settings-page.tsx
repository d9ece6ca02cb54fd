import { Loading, Skeleton } from "../../components/ui/skeleton";
import { usePageTitle } from "../../lib/use-page-title";
import { usePublicConfig } from "../../lib/use-public-config";
import { KnowledgeSection } from "../memory/knowledge-section";
import { AccountSection } from "./account-section";
import { AiStatusSection } from "./ai-status-section";
import { AppearanceSection } from "./appearance-section";
import { DirectorsSection } from "./directors-section";
import { NumbersSection } from "./numbers-section";
import { PlanSection } from "./plan-section";
import { ProfileAnswers } from "./profile-answers";
import { RagCard } from "./rag-card";
import { SchedulesSection } from "./schedules-section";
import { SecuritySection } from "./security-section";
import { useAccountOverview } from "./settings-api";
import { SharedLinksSection } from "./shared-links-section";
import { VoiceSection } from "./voice-section";
import { YourDataSection } from "./your-data-section";

const SECTIONS = [
  { id: "account", label: "Account" },
  { id: "appearance", label: "Appearance" },
  { id: "voice", label: "Voice" },
  { id: "security", label: "Security" },
  { id: "plan", label: "Plan" },
  { id: "what-your-directors-know", label: "What your directors know" },
  { id: "directors", label: "Directors" },
  { id: "ai", label: "AI" },
  { id: "shared-links", label: "Shared links" },
  { id: "numbers", label: "Numbers" },
  { id: "scheduled-requests", label: "Scheduled requests" },
  { id: "your-data", label: "Your data" },
] as const;

/**
 * /settings: the spec's business-context card, then the owner's account, plan, what the directors know (profile,
 * training answers, remembered facts), directors, AI status and data.
 */
export function SettingsPage() {
  usePageTitle("Settings");
  const config = usePublicConfig();
  const account = useAccountOverview();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-sm text-slate-600 sm:text-base">
          Your account, your plan and the data your directors use.
        </p>
      </header>
      <div className="mt-8 lg:grid lg:grid-cols-[12rem_1fr] lg:gap-10">
        <nav aria-label="Settings sections" className="hidden lg:block">
          <ul className="sticky top-24 grid gap-1">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          {config.data?.contextEnabled ? <RagCard aiConfigured={config.data.aiConfigured} /> : null}
          {account.isPending ? (
            <SettingsSkeleton />
          ) : account.isError ? (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {account.error.message}
            </p>
          ) : (
            <>
              <AccountSection account={account.data} />
              <AppearanceSection />
              <VoiceSection />
              <SecuritySection />
              <PlanSection plan={account.data.plan} />
              <KnowledgeSection
                profile={account.data.profile}
                profileAnswers={<ProfileAnswers profile={account.data.profile} />}
              />
              <DirectorsSection directors={account.data.directors} />
              <AiStatusSection />
              <SharedLinksSection />
              <NumbersSection />
              <SchedulesSection />
              <YourDataSection email={account.data.user.email} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <Loading className="grid gap-6">
      {[0, 1, 2].map((key) => (
        <div key={key} className="rounded-2xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="mt-3 h-4 w-2/3" />
          <Skeleton className="mt-6 h-24 w-full" />
        </div>
      ))}
    </Loading>
  );
}

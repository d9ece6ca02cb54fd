import { useState } from "react";
import { ONBOARDING_FIELDS, type OnboardingFieldName } from "#shared/onboarding";
import type { AccountOverview } from "#shared/settings";
import { Button } from "../../components/ui/button";
import { BusinessAnswerForm } from "./business-answer-form";

/** Short names for the ten onboarding answers, for reading at a glance. */
const SHORT_LABELS: Record<OnboardingFieldName, string> = {
  businessName: "Business name",
  industry: "Industry",
  description: "Description",
  target: "Target audience",
  products: "Products and services",
  goals: "Goals",
  challenges: "Challenges",
  competitors: "Competitors",
  uniqueValue: "What makes you different",
  metrics: "How you measure success",
};

/** The ten business-profile answers, each edited where it is shown. */
export function ProfileAnswers({ profile }: { profile: AccountOverview["profile"] }) {
  const [editing, setEditing] = useState<OnboardingFieldName | null>(null);
  return profile ? (
    <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
      {ONBOARDING_FIELDS.map((field) => (
        <div key={field.name} className={field.input === "text" || editing === field.name ? "sm:col-span-2" : ""}>
          {editing === field.name ? (
            <>
              <dt className="sr-only">{SHORT_LABELS[field.name]}</dt>
              <dd>
                <BusinessAnswerForm
                  field={field.name}
                  label={SHORT_LABELS[field.name]}
                  value={profile[field.name]}
                  onDone={() => setEditing(null)}
                />
              </dd>
            </>
          ) : (
            // dt and dd sit right inside the item, as a description list needs; Edit goes with the answer.
            <>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{SHORT_LABELS[field.name]}</dt>
              <dd className="mt-0.5 flex items-start justify-between gap-3">
                {profile[field.name].trim() ? (
                  <span className="line-clamp-3 min-w-0 text-sm wrap-anywhere whitespace-pre-line text-slate-900">
                    {profile[field.name]}
                  </span>
                ) : (
                  <span className="text-sm text-slate-500 italic">Not answered yet</span>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="-my-3 shrink-0 text-brand-700 sm:-my-2"
                  aria-label={`Edit ${SHORT_LABELS[field.name]}`}
                  onClick={() => setEditing(field.name)}
                >
                  Edit
                </Button>
              </dd>
            </>
          )}
        </div>
      ))}
    </dl>
  ) : (
    <p className="text-sm text-slate-700">
      You have not described your business yet. Your directors give better advice once they know it.
    </p>
  );
}

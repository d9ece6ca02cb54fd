import { Link, useNavigate } from "react-router";
import type { DirectorListItem, DirectorListResponse } from "#shared/director-states";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Icon } from "../../components/ui/icon";
import { checkIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";
import { formatDate } from "../../lib/format-date";
import { KnowledgeSummary } from "./knowledge-summary";

/**
 * One director on /select-department. trained → "Trained at Level 1" and
 * "Chat Now"; available → "Start Training"; over the plan's limit → "Upgrade
 * to Access" to the plans, with the plan that unlocks this director pointed
 * out; not offered by this server → "Coming soon", disabled, the card dimmed
 * (no plan unlocks it, so no upgrade is offered).
 */
export function DirectorCard({ director, plan }: { director: DirectorListItem; plan: DirectorListResponse["plan"] }) {
  const navigate = useNavigate();
  const unavailable = director.state === "unavailable";
  const headingId = `director-${director.id}-name`;

  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn(
        "flex w-full flex-col p-5 transition-shadow sm:p-6",
        unavailable ? "bg-slate-50 opacity-60" : "hover:shadow-md",
        director.state === "trained" && "border-brand-200 ring-1 ring-brand-100",
      )}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            "grid h-12 w-12 flex-none place-items-center rounded-xl text-xl font-bold",
            unavailable ? "bg-slate-200 text-slate-600" : "bg-brand-100 text-brand-800",
          )}
        >
          {director.icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold text-slate-900">
            {director.name}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{director.title}</p>
          {director.state === "trained" ? (
            <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
              <Icon drawing={checkIcon} className="h-3.5 w-3.5" />
              Trained at Level 1
            </span>
          ) : null}
          {director.learning?.state === "learning" ? (
            <span className="mt-2 ml-2 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
              <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-brand-600" />
              Still learning
            </span>
          ) : null}
        </div>
      </div>

      <p className="mt-4 text-sm leading-relaxed text-slate-700 first-letter:uppercase">{director.description}</p>
      <p className="mt-2 min-h-5 text-xs text-slate-500">{stateNote(director, plan)}</p>
      {director.knowledge ? (
        <KnowledgeSummary director={director} knowledge={director.knowledge} trained={director.state === "trained"} />
      ) : null}

      <div className="mt-auto pt-5">
        {director.state === "trained" ? (
          <Button
            size="lg"
            className="w-full"
            onClick={() => navigate(`/chat?director=${director.id}`, { state: { selectedDirector: director.id } })}
          >
            Chat Now
          </Button>
        ) : director.state === "available" ? (
          <Button asChild size="lg" className="w-full">
            <Link to={`/train-director/${director.id}`}>Start Training</Link>
          </Button>
        ) : director.state === "over_limit" ? (
          <Button asChild variant="secondary" size="lg" className="w-full">
            <Link to={`/subscription?unlock=${director.id}`}>Upgrade to Access</Link>
          </Button>
        ) : (
          <Button variant="secondary" size="lg" className="w-full" disabled>
            Coming soon
          </Button>
        )}
      </div>
    </Card>
  );
}

function stateNote(director: DirectorListItem, plan: DirectorListResponse["plan"]): string {
  switch (director.state) {
    case "trained":
      return director.trainedAt ? `Trained on ${formatDate(director.trainedAt)}` : "";
    case "available":
      return "10 short questions about your business";
    case "over_limit":
      if (!plan) return "Choose a plan to train this director.";
      return `Your ${plan.name} plan includes ${plan.directorCount === 1 ? "1 director" : `${plan.directorCount} directors`}.`;
    case "unavailable":
      return "Not available on any plan yet.";
  }
}

import type { ReactNode } from "react";
import { ADMIN_AI_SETUP, NO_AI_SERVICE_TITLE } from "#shared/ai-service";
import { SettingsSection } from "../../components/settings-section";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { useAiStatus } from "./settings-api";

const VECTOR_SEARCH_OFF = {
  no_pgvector: "Off: full-text search (no pgvector)",
  no_embedding_model: "Off: full-text search (no embedding model)",
} as const;

export function AiStatusSection() {
  const status = useAiStatus();
  return (
    <SettingsSection
      id="ai"
      title="AI"
      description="The models your directors use. Keys stay on the server and are never shown."
    >
      {status.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only">Loading...</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {status.error.message}
        </p>
      ) : (
        <dl className="grid gap-3">
          <StatusRow label="Chat model" on={status.data.chat.configured}>
            {status.data.chat.model ?? "Not configured"}
          </StatusRow>
          <StatusRow label="Embedding model" on={status.data.embedding.configured}>
            {status.data.embedding.model ?? "Not configured"}
          </StatusRow>
          <StatusRow label="Business context" on={status.data.context.enabled}>
            {status.data.context.enabled ? "On" : "Off"}
          </StatusRow>
          <StatusRow label="Vector search" on={status.data.vectorSearch.on}>
            {status.data.vectorSearch.on
              ? "On"
              : VECTOR_SEARCH_OFF[status.data.vectorSearch.reason ?? "no_embedding_model"]}
          </StatusRow>
          {status.data.host ? (
            <StatusRow label="AI service" on>
              {status.data.host}
            </StatusRow>
          ) : null}
        </dl>
      )}
      {status.data?.vectorSearch.reason === "no_pgvector" ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          This server's database has no pgvector extension, so directors find the parts of your business context that
          fit a question by its words rather than its meaning. Everything you told them is still used. Once the server's
          administrator installs pgvector, vector search turns on at the next restart.
        </p>
      ) : null}
      {status.data && !status.data.chat.configured ? (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p>
            {NO_AI_SERVICE_TITLE}, so your directors cannot answer yet. Your business profile and training answers are
            saved and will be used as soon as one is connected.
          </p>
          <details className="mt-2 text-slate-600">
            <summary className="cursor-pointer rounded font-medium text-slate-700 hover:text-slate-900">
              For administrators
            </summary>
            <p className="mt-1">{ADMIN_AI_SETUP}</p>
          </details>
        </div>
      ) : null}
    </SettingsSection>
  );
}

function StatusRow({ label, on, children }: { label: string; on: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-4 py-3">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <span aria-hidden="true" className={cn("h-2 w-2 rounded-full", on ? "bg-emerald-600" : "bg-slate-400")} />
        {label}
      </dt>
      <dd className={cn("text-sm break-all", on ? "text-slate-900" : "text-slate-600")}>{children}</dd>
    </div>
  );
}

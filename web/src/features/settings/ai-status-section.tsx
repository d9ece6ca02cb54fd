import type { ReactNode } from "react";
import { ADMIN_AI_SETUP, NO_AI_SERVICE_TITLE } from "#shared/ai-service";
import type { AiStatus } from "#shared/settings";
import { SettingsQuerySection } from "../../components/settings-section";
import { LoadingBlocks } from "../../components/ui/loading-blocks";
import { cn } from "../../lib/cn";
import { useAiStatus } from "./settings-api";

const VECTOR_SEARCH_OFF = {
  no_pgvector: "Off: full-text search (no pgvector)",
  no_embedding_model: "Off: full-text search (no embedding model)",
} as const;

export function AiStatusSection() {
  const status = useAiStatus();
  return (
    <SettingsQuerySection
      id="ai"
      title="AI"
      description="The AI service your directors answer with."
      query={status}
      loading={<LoadingBlocks blocks={["h-5 w-2/3", "h-5 w-1/2"]} />}
    >
      {(ai) => (
        <>
          <dl className="grid gap-3">
            <StatusRow label="AI service" on={ai.chat.configured}>
              {ai.chat.configured ? "Connected" : "Not connected yet"}
            </StatusRow>
            <StatusRow label="Business context" on={ai.context.enabled}>
              {ai.context.enabled ? "On" : "Off"}
            </StatusRow>
          </dl>
          {ai.chat.configured ? null : (
            <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              {NO_AI_SERVICE_TITLE}, so your directors cannot answer yet. Your business profile and training answers are
              saved and will be used as soon as one is connected.
            </p>
          )}
          <AdministratorDetails status={ai} />
        </>
      )}
    </SettingsQuerySection>
  );
}

/** What the models and the search are, and how to set them: for whoever runs the server, folded away from the owner. */
function AdministratorDetails({ status }: { status: AiStatus }) {
  return (
    <details className="mt-4 text-sm text-slate-600">
      <summary className="cursor-pointer rounded font-medium text-slate-700 hover:text-slate-900">
        For administrators
      </summary>
      <dl className="mt-3 grid gap-3">
        <StatusRow label="Chat model" on={status.chat.configured}>
          {status.chat.model ?? "Not configured"}
        </StatusRow>
        <StatusRow label="Embedding model" on={status.embedding.configured}>
          {status.embedding.model ?? "Not configured"}
        </StatusRow>
        <StatusRow label="Vector search" on={status.vectorSearch.on}>
          {status.vectorSearch.on ? "On" : VECTOR_SEARCH_OFF[status.vectorSearch.reason ?? "no_embedding_model"]}
        </StatusRow>
        {status.host ? (
          <StatusRow label="Host" on>
            {status.host}
          </StatusRow>
        ) : null}
      </dl>
      {status.vectorSearch.reason === "no_pgvector" ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-slate-700">
          This server's database has no pgvector extension, so directors find the parts of your business context that
          fit a question by its words rather than its meaning. Everything you told them is still used. Once the server's
          administrator installs pgvector, vector search turns on at the next restart.
        </p>
      ) : null}
      {status.chat.configured ? null : <p className="mt-3">{ADMIN_AI_SETUP}</p>}
    </details>
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

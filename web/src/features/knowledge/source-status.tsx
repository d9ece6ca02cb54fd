import { type KnowledgeSourceItem, WAITING_FOR_AI } from "#shared/knowledge";
import { cn } from "../../lib/cn";

/** Where a source is on its way: queued → reading → indexing (n of m pieces) → ready, waiting, or failed. */
export function SourceStatus({ source }: { source: KnowledgeSourceItem }) {
  const { status } = source;
  const label =
    status === "queued"
      ? "Queued"
      : status === "reading"
        ? "Reading…"
        : status === "indexing"
          ? `Indexing ${source.piecesDone} of ${source.piecesTotal} pieces`
          : status === "waiting_ai"
            ? WAITING_FOR_AI
            : status === "ready"
              ? "Ready"
              : "Failed";
  const tone =
    status === "ready"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
      : status === "failed"
        ? "bg-red-50 text-red-800 ring-red-200"
        : status === "waiting_ai"
          ? "bg-amber-50 text-amber-900 ring-amber-200"
          : "bg-brand-50 text-brand-800 ring-brand-200";
  return (
    <div className="grid gap-1">
      <span
        role="status"
        className={cn(
          "inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1",
          tone,
        )}
      >
        {status !== "ready" && status !== "failed" ? (
          <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" />
        ) : null}
        {label}
      </span>
      {status === "indexing" && source.piecesTotal > 0 ? (
        <span className="block h-1 w-40 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <span
            className="block h-full bg-brand-600 transition-[width]"
            style={{ width: `${Math.round((source.piecesDone / source.piecesTotal) * 100)}%` }}
          />
        </span>
      ) : null}
    </div>
  );
}

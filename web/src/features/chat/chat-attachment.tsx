import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Director } from "#shared/directors";
import { type KnowledgeSourceItem, WAITING_FOR_AI } from "#shared/knowledge";
import { closeIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { paperclipIcon } from "../../components/ui/page-icons";
import { cn } from "../../lib/cn";
import { KNOWLEDGE_QUERY_KEY, uploadFile, useKnowledge } from "../knowledge/knowledge-api";

/** A file given in the chat: on its way to the owner's knowledge, read, or refused with a reason. */
export type AttachmentState =
  | { phase: "sending"; name: string }
  | { phase: "reading"; name: string; source: KnowledgeSourceItem | undefined }
  | { phase: "ready"; name: string }
  | { phase: "failed"; name: string; reason: string };

/**
 * The composer's attached file: added to the owner's knowledge for this
 * director (as /knowledge would, within the plan's limits), then followed as
 * it is read, so the question about it can wait until the director knows it.
 */
export function useChatAttachment(director: Director) {
  const queryClient = useQueryClient();
  const [attached, setAttached] = useState<
    { name: string; sourceId?: string; refused?: string; key: number } | undefined
  >();
  const knowledge = useKnowledge({ enabled: attached?.sourceId !== undefined });
  const source = knowledge.data?.sources.find((item) => item.id === attached?.sourceId);

  const attach = async (file: File) => {
    const key = Date.now();
    setAttached({ name: file.name, key });
    // Only the latest file counts: an earlier upload answering late is ignored.
    const settle = (next: { sourceId?: string; refused?: string }) =>
      setAttached((current) => (current?.key === key ? { ...current, ...next } : current));
    try {
      const added = await uploadFile(file, [director.id]);
      settle({ sourceId: added.id });
      await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
    } catch (error) {
      settle({ refused: (error as Error).message });
    }
  };

  let state: AttachmentState | undefined;
  if (attached?.refused) state = { phase: "failed", name: attached.name, reason: attached.refused };
  else if (!attached?.sourceId) state = attached ? { phase: "sending", name: attached.name } : undefined;
  else if (source?.status === "ready") state = { phase: "ready", name: source.name };
  else if (source?.status === "failed") {
    state = { phase: "failed", name: source.name, reason: source.failure?.message ?? "This file could not be read." };
  } else state = { phase: "reading", name: attached.name, source };

  return { state, attach, remove: () => setAttached(undefined) };
}

/** The attached file above the message box: its name, how far it has been read, and a way to take it off. */
export function AttachmentChip(props: { director: Director; state: AttachmentState; onRemove: () => void }) {
  const { state } = props;
  return (
    <div
      className={cn(
        "mb-2 flex min-w-0 items-start gap-2 rounded-xl border px-3 py-2 text-sm",
        state.phase === "failed" ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-50",
      )}
    >
      <Icon drawing={paperclipIcon} className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900" title={state.name}>
          {state.name}
        </p>
        {state.phase === "failed" ? (
          <p role="alert" className="text-red-800">
            {state.reason}
          </p>
        ) : (
          <p role="status" className="text-slate-600">
            {progressText(props.director, state)}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={props.onRemove}
        aria-label={`Remove ${state.name}`}
        className="grid h-8 w-8 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-200/70 hover:text-slate-900"
      >
        <Icon drawing={closeIcon} className="h-4 w-4" />
      </button>
    </div>
  );
}

function progressText(director: Director, state: Exclude<AttachmentState, { phase: "failed" }>): string {
  if (state.phase === "sending") return "Adding to your knowledge…";
  if (state.phase === "ready") return `Read. ${director.name} knows it now; it is in your Knowledge too.`;
  const { source } = state;
  if (source?.status === "indexing" && source.piecesTotal > 0) {
    return `Reading… ${Math.round((source.piecesDone / source.piecesTotal) * 100)}%`;
  }
  if (source?.status === "waiting_ai") return WAITING_FOR_AI;
  return "Reading…";
}
